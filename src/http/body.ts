import type { Context } from 'hono';
import { z } from 'zod';
import { DomainError } from '../commerce/domain-error';
import { CONTROL_CHAR_MESSAGE, containsControlChar } from '../contracts/text-input';
import { fieldErrors } from '../contracts/customer-forms';
import { COMMON_MESSAGES } from '../lib/messages/common';

// Schema messages without a custom text get one plain pt-BR sentence, never zod's catalogue (its Portuguese is
// European and technical: "Demasiado grande: esperava que o texto tivesse <= 40 caracteres"); a missing field
// says so. Schema-level messages still win.
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined
      ? 'Preencha os campos obrigatórios.'
      : COMMON_MESSAGES.invalidData,
});

const INVALID = COMMON_MESSAGES.invalidData;

/**
 * Parses the JSON body with a schema; any failure is a 400 with a pt-BR message, never a 500.
 * `title`: the catalogue's title for this call's refusals (spec §8, e.g. 'Cashback inválido!').
 * `options.fields`: the 400 also carries `fields`, the pt-BR message of each refused field by its path
 * (`address.state`), for a form that shows them next to its inputs.
 */
export async function jsonBody<T>(
  c: Context,
  schema: z.ZodType<T>,
  title?: string,
  options: ParseOptions = {},
): Promise<T> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new DomainError('VALIDATION', INVALID, title);
  }
  return parseWith(schema, raw, title, options);
}

export interface ParseOptions {
  fields?: boolean;
}

/** Every request input (JSON body, query, form post) passes here first: a control character is a 400. */
export function refuseControlChars<T>(raw: T): T {
  if (containsControlChar(raw)) throw new DomainError('VALIDATION', CONTROL_CHAR_MESSAGE);
  return raw;
}

export function parseWith<T>(schema: z.ZodType<T>, raw: unknown, title?: string, options: ParseOptions = {}): T {
  refuseControlChars(raw);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const extra = options.fields ? { fields: fieldErrors(parsed.error) } : undefined;
    throw new DomainError('VALIDATION', parsed.error.issues[0]?.message ?? INVALID, title, extra);
  }
  return parsed.data;
}
