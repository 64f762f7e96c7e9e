import type { Context } from 'hono';
import { z } from 'zod';
import { DomainError } from '../commerce/domain-error';

// Schema messages without a custom text fall back to zod's Portuguese catalogue, never English.
z.config(z.locales.pt());

const INVALID = 'Dados inválidos. Verifique e tente novamente.';

/** Parses the JSON body with a schema; any failure is a 400 with a pt-BR message, never a 500. */
/** `title`: the catalogue's title for this call's refusals (spec §8, e.g. 'Cashback inválido!'). */
export async function jsonBody<T>(c: Context, schema: z.ZodType<T>, title?: string): Promise<T> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new DomainError('VALIDATION', INVALID, title);
  }
  return parseWith(schema, raw, title);
}

export function parseWith<T>(schema: z.ZodType<T>, raw: unknown, title?: string): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new DomainError('VALIDATION', parsed.error.issues[0]?.message ?? INVALID, title);
  return parsed.data;
}
