import type { Context } from 'hono';
import { DomainError } from '../../commerce/domain-error';
import type { AppEnv } from '../../env';
import { MAX_IMPORT_BYTES } from '../../http/body-limit';
import { mediaType } from '../../http/form';

/** The upload's CSV text: multipart only, one file, UTF-8; anything else a pt-BR 4xx. */
export async function uploadedText(c: Context<AppEnv>): Promise<string> {
  if (mediaType(c.req.header('content-type') ?? '').type !== 'multipart/form-data')
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Envie o arquivo pelo formulário (CSV).');
  let file: FormDataEntryValue | null;
  try {
    file = (await c.req.formData()).get('arquivo');
  } catch {
    throw new DomainError('VALIDATION', 'Envie o arquivo pelo formulário (CSV).');
  }
  if (file === null || typeof file === 'string') throw new DomainError('VALIDATION', 'Escolha um arquivo CSV.');
  if (file.size > MAX_IMPORT_BYTES)
    throw new DomainError('PAYLOAD_TOO_LARGE', 'O arquivo passa de 4 MB: divida-o em partes.');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new DomainError('VALIDATION', 'O arquivo não está em UTF-8: salve o CSV como UTF-8 e envie de novo.');
  }
}
