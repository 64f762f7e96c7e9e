import { parametersRepo } from '../parameters/repo';
import type { CommercePort } from '../port';
import { whatsappRepo } from './repo';
import { whatsappLink } from './service';

/** The embedded WhatsApp link (its number is a site parameter, its stores the chat stores). */
export function embeddedWhatsapp(db: D1Database): Pick<CommercePort, 'whatsapp'> {
  return { whatsapp: () => whatsappLink({ repo: parametersRepo(db), stores: whatsappRepo(db) }) };
}
