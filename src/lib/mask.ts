/** Masks for personal data shown to whoever holds a confirmation link (spec §2 order confirmation). */
export { maskCpf } from './cpf';

/** `ma***@e***.com.br` */
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
        .map((p) => `${p[0]?.toUpperCase() ?? ''}.`)
        .join(' ')}`
    : (parts[0] ?? '');
}
