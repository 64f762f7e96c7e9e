import type { Context } from 'hono';
import { DomainError } from '../commerce/domain-error';
import { formFields, type FormFields } from '../contracts/customer-forms';

const RESEND = 'Envie o formulário novamente.';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The media type and charset of a Content-Type header, lower-cased (charset without quotes; null when absent). */
export function mediaType(header: string): { type: string; charset: string | null } {
  const [type = '', ...params] = header.split(';');
  let charset: string | null = null;
  for (const param of params) {
    const match = /^\s*charset\s*=\s*"?([^";]*)"?\s*$/i.exec(param);
    if (match) charset = match[1]!.trim().toLowerCase();
  }
  return { type: type.trim().toLowerCase(), charset };
}

/**
 * The one body reader of the no-JS form routes. Their forms post `application/x-www-form-urlencoded` in UTF-8
 * (the pages are UTF-8 and no form sets another `enctype`): any other media type (multipart included, with or
 * without a boundary) is a 415, another charset a 415, and a body that does not parse a 400 — all with the
 * pt-BR text, never the runtime's own error. Fields come back as strings in an object without a prototype.
 */
export async function readFormBody(c: Context): Promise<FormFields> {
  const { type, charset } = mediaType(c.req.header('content-type') ?? '');
  if (type !== FORM_TYPE || (charset !== null && charset !== 'utf-8' && charset !== 'utf8')) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', RESEND);
  }
  let data: FormData;
  try {
    data = await c.req.formData();
  } catch {
    throw new DomainError('VALIDATION', RESEND);
  }
  return formFields(data);
}
