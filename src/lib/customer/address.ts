import { normalizeCep, UFS, ufForCep } from './cep';
import { dict } from '../security/dict';

/**
 * The one address rule (27 UFs, a CEP inside the Correios ranges of its UF, a house number of digits or "S/N"),
 * without zod: the account and checkout contracts refine with these functions, and the browser's checkout, which
 * carries no zod, checks a typed address with `addressErrors`.
 */
export const ADDRESS_MESSAGES = dict({
  cep: 'CEP inválido. Informe os 8 dígitos.',
  cepUnknown: 'CEP inexistente. Confira os números digitados.',
  uf: 'UF inválida. Escolha o estado.',
  cepUf: 'O CEP não é deste estado. Confira o CEP e a UF.',
  number: 'Número inválido. Use algarismos (123 ou 123A), km (km 5) ou S/N; bloco e apartamento vão no complemento.',
  street: 'Informe a rua.',
  numberMissing: 'Informe o número.',
  neighborhood: 'Informe o bairro.',
  city: 'Informe a cidade.',
} as const);

/** The longest each typed field may be (after trimming), as the addresses table and the order snapshot keep it. */
export const ADDRESS_MAX = dict({ street: 160, number: 20, complement: 80, neighborhood: 80, city: 80 } as const);

/** A CEP is 8 digits inside the Correios ranges (from 01000-000): `00000-000` is none. */
export const isCep = (cep: string): boolean => ufForCep(cep) !== null;
/**
 * What is wrong with a typed CEP, or null: `incomplete` when it is not 8 digits (the cart's wording where the
 * cart's CEP is asked for), `cepUnknown` when its 8 digits are in no Correios range (`00000-000`).
 */
export function cepProblem(cep: string, incomplete: string = ADDRESS_MESSAGES.cep): string | null {
  if (isCep(cep)) return null;
  return normalizeCep(cep).length === 8 ? ADDRESS_MESSAGES.cepUnknown : incomplete;
}
export const normalizeUf = (uf: string): string => uf.trim().toUpperCase();
export const isUf = (uf: string): boolean => UFS.includes(uf);
/**
 * One spelling per house number: "s/n", "S / N." → "S/N"; "1.000" → "1000"; "123 a", "123-a" → "123A";
 * "KM 5" → "km 5". Anything else stays as typed (and `isHouseNumber` says whether it is one).
 */
export function normalizeHouseNumber(n: string): string {
  if (/^s\s*\/\s*n\.?$/i.test(n)) return 'S/N';
  if (/^[1-9]\d{0,2}(?:\.\d{3})+$/.test(n)) return n.replace(/\./g, '');
  const lettered = /^([1-9]\d{0,5})\s?-?\s?([a-z])$/i.exec(n);
  if (lettered) return `${lettered[1]}${lettered[2]!.toUpperCase()}`;
  const km = /^km\s*(\d{1,4}(?:[.,]\d{1,3})?)$/i.exec(n);
  return km ? `km ${km[1]}` : n;
}
/**
 * A house number as Brazilian addresses write them (normalized): digits without a leading zero or sign, one letter
 * after them (123A: a house split in two), a kilometre of a road (km 5, km 12,5), or S/N. A block or flat ("bloco B",
 * "apto 12") belongs in the complement.
 */
export const isHouseNumber = (n: string): boolean =>
  n === 'S/N' || /^[1-9]\d{0,7}[A-Z]?$/.test(n) || /^km \d{1,4}(?:[.,]\d{1,3})?$/.test(n);
/** Both valid on their own, and the CEP belongs to another UF (each says what is wrong with it otherwise). */
export function isCepOfOtherUf(cep: string, uf: string): boolean {
  const of = ufForCep(cep);
  return of !== null && isUf(uf) && of !== uf;
}

export interface TypedAddress {
  zipCode: string;
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
}

/** pt-BR message per field of a typed delivery address (the CEP-UF mismatch on the UF); empty when valid. */
export function addressErrors(a: TypedAddress): Partial<Record<keyof TypedAddress, string>> {
  const errors: Partial<Record<keyof TypedAddress, string>> = {};
  const cep = cepProblem(a.zipCode);
  if (cep) errors.zipCode = cep;
  for (const key of ['street', 'neighborhood', 'city'] as const) {
    const value = a[key].trim().normalize('NFC');
    if (!value) errors[key] = ADDRESS_MESSAGES[key];
    else if (value.length > ADDRESS_MAX[key]) errors[key] = tooLong(ADDRESS_MAX[key]);
  }
  const number = normalizeHouseNumber(a.number.trim());
  if (!number) errors.number = ADDRESS_MESSAGES.numberMissing;
  else if (!isHouseNumber(number)) errors.number = ADDRESS_MESSAGES.number;
  const uf = normalizeUf(a.state);
  if (!isUf(uf)) errors.state = ADDRESS_MESSAGES.uf;
  else if (isCepOfOtherUf(a.zipCode, uf)) errors.state = ADDRESS_MESSAGES.cepUf;
  return errors;
}

/** A text over its limit says so (not "Informe…", which reads as if it were empty). */
export const tooLong = (max: number) => `Use no máximo ${max} caracteres.`;
