/**
 * A Brazilian phone as the shopper may write it: `(11) 98765-4321`, `11987654321`, `011 98765-4321` (trunk zero),
 * `+55 11 98765-4321` or `0055 …` (country code). One reading for the server's contracts and the browser's mask.
 */

/**
 * The national digits (DDD + number) of a typed phone: the country code 55 and trunk zeros go. A number of 12 or 13
 * digits starting 55 is read as one with its country code (DDD 55 itself has 10 or 11 digits in all). Another
 * country's code (`+1 …`) gives '' (the store takes Brazilian phones only).
 */
export function nationalPhoneDigits(text: string): string {
  const all = text.replace(/\D+/g, '');
  const international = /^\s*\+/.test(text) || all.startsWith('00');
  let d = all.replace(/^0+/, '');
  if (d.startsWith('55') && (international || d.length >= 12)) d = d.slice(2).replace(/^0+/, '');
  else if (international) return '';
  return d;
}

/** `(11) 98765-4321` (11 digits) or `(11) 3456-7890` (10) for national digits; a partial number stays partial. */
export function formatNationalPhone(digits: string): string {
  const d = digits.slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const local = d.slice(2);
  const cut = d.length === 11 ? 5 : 4;
  return `(${d.slice(0, 2)}) ${local.length > cut ? `${local.slice(0, cut)}-${local.slice(cut)}` : local}`;
}
