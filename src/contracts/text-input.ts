import { emptyDict } from '../lib/security/dict';

/**
 * Text the shopper sends (JSON bodies, query strings, form posts) may hold ordinary whitespace — space, tab,
 * line feed, carriage return, where a field's own schema allows it — but never another control character:
 * C0 (NUL…), DEL, C1, half of a surrogate pair, a bidirectional mark, embedding, override or isolate (U+200E–200F,
 * U+202A–202E, U+2066–2069: no shopper types them, and they make a stored name read backwards in the back office and
 * e-mails), or an invisible space or joiner that joins nothing (U+200B, U+2060, U+FEFF: "Maria\u200b Silva" would pass
 * for another customer's "Maria Silva"; U+200C–200D stay, emoji and some scripts need them). D1 cuts a string at NUL
 * and cannot store a lone surrogate, so such text passed the schema and then broke a database rule (a 500). It is
 * refused up front.
 */
const CONTROL =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const CONTROL_CHAR_MESSAGE = 'Há caracteres inválidos nos dados enviados. Remova-os e tente novamente.';

/** Deeper than any contract nests (nested junk is refused by the schema afterwards anyway). */
const MAX_DEPTH = 32;

export const hasControlChar = (text: string): boolean => CONTROL.test(text);
const CONTROLS = new RegExp(CONTROL.source, 'g');
/** The text without its control characters (a form shown again keeps what the shopper typed, less those). */
export const withoutControlChars = (text: string): string => text.replace(CONTROLS, '');

/**
 * A form's typed values less their control characters, and each field that held one with the pt-BR message
 * (null when none): the page shows the form again with those fields pointed at, rather than losing it.
 */
export function typedValues<K extends string>(
  fields: Partial<Record<K, string>>,
): { values: Partial<Record<K, string>>; unreadable: Partial<Record<K, string>> | null } {
  const values = emptyDict<string>() as Partial<Record<K, string>>;
  const unreadable = emptyDict<string>() as Partial<Record<K, string>>;
  for (const [name, value] of Object.entries(fields) as [K, string][]) {
    values[name] = withoutControlChars(value);
    if (hasControlChar(value)) unreadable[name] = CONTROL_CHAR_MESSAGE;
  }
  return { values, unreadable: Object.keys(unreadable).length ? unreadable : null };
}

/** True when any string in `value` (object keys included, nested up to MAX_DEPTH) holds a control character. */
export function containsControlChar(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((v) => containsControlChar(v, depth + 1));
  return Object.entries(value).some(([k, v]) => CONTROL.test(k) || containsControlChar(v, depth + 1));
}
