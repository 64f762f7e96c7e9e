import { z } from 'zod';

/** A physical store shoppers can chat with (the stores-by-chat page, /whts-lojas). */
export const ChatStoreSchema = z.object({
  key: z.string(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  address: z.string(),
  mountedURL: z.url(),
});
export type ChatStore = z.infer<typeof ChatStoreSchema>;

/** GET /api/whatsapp: the central click-to-chat URL (spec §7) and, beyond the spec, each store's. */
export const WhatsappResponseSchema = z.object({ mountedURL: z.url(), stores: z.array(ChatStoreSchema).default([]) });
export type WhatsappResponse = z.infer<typeof WhatsappResponseSchema>;
