import { listQuery } from '../../db/repo';

export interface ChatStoreRow {
  key: string;
  name: string;
  city: string;
  state: string;
  address: string;
  whatsapp: string;
}

export interface WhatsappRepo {
  /** Stores with a WhatsApp number, by state and name. */
  chatStores(): Promise<ChatStoreRow[]>;
}

export function whatsappRepo(db: D1Database): WhatsappRepo {
  return {
    chatStores: listQuery<ChatStoreRow>(
      db,
      "SELECT key, name, city, state, address, whatsapp FROM stores WHERE whatsapp IS NOT NULL AND whatsapp <> '' ORDER BY state, name",
    ),
  };
}
