/** CPF rules (spec §5): digits only, left-padded to 11, not all the same digit, both check digits right. */
export function normalizeCpf(input: string): string {
  const digits = input.replace(/\D/g, '');
  return digits.length > 0 && digits.length < 11 ? digits.padStart(11, '0') : digits;
}

export function isValidCpf(input: string): boolean {
  const cpf = normalizeCpf(input);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(cpf[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(cpf[9]) && check(10) === Number(cpf[10]);
}

/** `***.456.789-**`: enough for the shopper to recognise it, useless to anyone else. */
export function maskCpf(cpf: string): string {
  const d = normalizeCpf(cpf);
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : '***';
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
  return parts.length > 1 ? `${parts[0]} ${parts.slice(1).map((p) => p[0]?.toUpperCase() + '.').join(' ')}` : (parts[0] ?? '');
}
