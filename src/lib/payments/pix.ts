import { centsToDecimal } from '../format/money';
import { stripAccents } from '../format/text';

/**
 * Pix BR Code "copia e cola" (BCB Manual de Padrões para Iniciação do Pix; EMV QRCPS-MPM): TLV fields
 * `id(2) length(2) value`, merchant account template 26 with GUI `br.gov.bcb.pix` and the key, and a
 * CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF) over everything up to and including `6304`.
 */
export function tlv(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMV field ${id} longer than 99`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export interface PixCharge {
  key: string;
  /** Omitted (static, any amount) when null. */
  amountCents: number | null;
  merchantName: string;
  merchantCity: string;
  /** Up to 25 letters/digits; `***` when none. */
  txid: string | null;
}

// Names and cities go out as plain ASCII letters/digits within the field limits (25 and 15).
const plain = (text: string, max: number) =>
  stripAccents(text)
    .replace(/[^A-Za-z0-9 ]/g, '')
    .trim()
    .slice(0, max);

export function pixPayload(charge: PixCharge): string {
  const txid = charge.txid ?? '***';
  if (!/^(\*\*\*|[A-Za-z0-9]{1,25})$/.test(txid)) throw new RangeError('Pix txid must be 1-25 letters or digits');
  const body = [
    tlv('00', '01'),
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', charge.key)),
    tlv('52', '0000'),
    tlv('53', '986'),
    charge.amountCents === null ? '' : tlv('54', centsToDecimal(charge.amountCents)),
    tlv('58', 'BR'),
    tlv('59', plain(charge.merchantName, 25)),
    tlv('60', plain(charge.merchantCity, 15)),
    tlv('62', tlv('05', txid)),
    '6304',
  ].join('');
  return body + crc16(body);
}

/** Parses a payload's top-level TLV fields; null when the structure or the CRC is wrong. */
export function parsePix(payload: string): Map<string, string> | null {
  if (payload.length < 8 || crc16(payload.slice(0, -4)) !== payload.slice(-4)) return null;
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) return null;
    fields.set(id, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return at === payload.length ? fields : null;
}
