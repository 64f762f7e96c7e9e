import { z } from 'zod';

export const WhatsappResponseSchema = z.object({ mountedURL: z.url() });
export type WhatsappResponse = z.infer<typeof WhatsappResponseSchema>;
