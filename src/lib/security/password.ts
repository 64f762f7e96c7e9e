/** Password strength rule for registration, reset and change (shown to the shopper in pt-BR). */
export const PASSWORD_RULE = 'A senha precisa ter ao menos 8 caracteres, com letras e números.';
export const PASSWORD_MAX = 128;

/** At least 8 characters, at least one letter and one digit, at most 128 (bounds hashing cost). */
export function isStrongPassword(password: string): boolean {
  return password.length >= 8 && password.length <= PASSWORD_MAX && /\p{L}/u.test(password) && /\d/.test(password);
}
