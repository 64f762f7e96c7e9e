import { z } from 'zod';

/** A back-office list's page number (orders, exchanges, products, stock, audit log). */
export const ListPage = z.coerce
  .number({ error: 'Página inválida.' })
  .int('Página inválida.')
  .min(1, 'Página inválida.')
  .max(100_000, 'Página inválida.')
  .default(1);

/** A back-office list's search box: free text, trimmed; blank counts as absent. */
export const ListSearch = z
  .string({ error: 'Busca inválida.' })
  .trim()
  .max(120, 'A busca pode ter até 120 caracteres.')
  .optional()
  .transform((v) => (v ? v : undefined));
