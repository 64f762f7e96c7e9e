/** CPF rules (spec §5): digits only, left-padded to 11, not all the same digit, both check digits. */

/** Strips everything but digits and left-pads with zeros to 11 (`123.456.789-09` → `12345678909`). */
export function normalizeCpf(input: string): string {
  const digits = input.replace(/\D+/g, '');
  return digits.length > 0 && digits.length < 11 ? digits.padStart(11, '0') : digits;
}

/** The check digit for the first `base.length` digits (weights length+1 … 2). */
export function cpfCheckDigit(base: string): number {
  let sum = 0;
  for (let i = 0; i < base.length; i += 1) sum += Number(base[i]) * (base.length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

export function isValidCpf(input: string): boolean {
  const cpf = normalizeCpf(input);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const first = cpfCheckDigit(cpf.slice(0, 9));
  const second = cpfCheckDigit(cpf.slice(0, 10));
  return first === Number(cpf[9]) && second === Number(cpf[10]);
}

/** `12345678909` → `123.456.789-09` (display only). */
export function formatCpf(input: string): string {
  const cpf = normalizeCpf(input);
  return /^\d{11}$/.test(cpf) ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` : input;
}

/** `***.456.789-**`: enough for the shopper to recognise, not enough to reuse. Masking twice changes nothing. */
export function maskCpf(input: string): string {
  if (/^\*{3}\.\d{3}\.\d{3}-\*{2}$/.test(input)) return input;
  const cpf = normalizeCpf(input);
  return /^\d{11}$/.test(cpf) ? `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**` : '';
}
/** `fu***@e***.com.br` */
export function maskEmail(email: string): string {
  const [user = '', domain = ''] = email.split('@');
  const [host = '', ...rest] = domain.split('.');
  return `${user.slice(0, 2)}***@${host.slice(0, 1)}***${rest.length ? '.' + rest.join('.') : ''}`;
}

/** `Maria S.` */
export function maskName(name: string): string {
  const parts = name.trim().split(/\s+/);
  return parts.length > 1
    ? `${parts[0]} ${parts
        .slice(1)
        .map((p) => p[0]?.toUpperCase() + '.')
        .join(' ')}`
    : (parts[0] ?? '');
}
