import { z } from 'zod';

/** Every /api error body: a stable code, a pt-BR title and message for the shopper. */
export const ApiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  title: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
