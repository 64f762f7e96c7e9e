/**
 * CEP (Brazilian postal code) rules, spec §5: its digits, its format and where it is (Correios ranges).
 * The one eight-digit check and the one range table: shipping zones, the address rules and the address
 * forms' autofill all read them here.
 */
import { dict } from '../security/dict';

/** Exactly eight digits (a CEP already normalised); zod schemas take it as `.regex(CEP_DIGITS, …)`. */
export const CEP_DIGITS = /^\d{8}$/;

/** Digits only: `01310-100`, `01.310-100` and ` 01310100 ` all become `01310100`. */
export function normalizeCep(input: string): string {
  return input.replace(/\D+/g, '');
}

/** The input attributes that go with `formatCep` as a mask: numeric keypad, postal-code autofill, `12345-678`. */
export const CEP_INPUT = {
  inputMode: 'numeric',
  autoComplete: 'postal-code',
  placeholder: '00000-000',
  maxLength: 9,
} as const;

/** A normalised CEP: eight digits and nothing else (`01310-100` is not; normalise it first). */
export function isCepDigits(cep: string): boolean {
  return CEP_DIGITS.test(cep);
}

/** Eight digits once normalised: `01310-100` is complete, `1310-100` is not. */
export function isCompleteCep(input: string): boolean {
  return isCepDigits(normalizeCep(input));
}

/**
 * Hyphen after the 5th digit (`12345-678`). Works as an input mask too: partial input stays partial
 * (`1234` → `1234`, `123456` → `12345-6`) and anything past 8 digits is dropped.
 */
export function formatCep(input: string): string {
  const digits = normalizeCep(input).slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

// Capitals by five-digit prefix ranges (Correios), with their state; checked before the state table.
// prettier-ignore
const CITIES: [number, number, string, string][] = [
  [1000, 5999, 'São Paulo', 'SP'], [8000, 8499, 'São Paulo', 'SP'], [20000, 23799, 'Rio de Janeiro', 'RJ'],
  [29000, 29099, 'Vitória', 'ES'], [30000, 31999, 'Belo Horizonte', 'MG'], [40000, 42599, 'Salvador', 'BA'],
  [49000, 49099, 'Aracaju', 'SE'], [50000, 52999, 'Recife', 'PE'], [57000, 57099, 'Maceió', 'AL'],
  [58000, 58099, 'João Pessoa', 'PB'], [59000, 59099, 'Natal', 'RN'], [60000, 61599, 'Fortaleza', 'CE'],
  [64000, 64099, 'Teresina', 'PI'], [65000, 65099, 'São Luís', 'MA'], [66000, 66999, 'Belém', 'PA'],
  [68900, 68914, 'Macapá', 'AP'], [69000, 69099, 'Manaus', 'AM'], [69300, 69339, 'Boa Vista', 'RR'],
  [69900, 69923, 'Rio Branco', 'AC'], [70000, 72799, 'Brasília', 'DF'], [73000, 73699, 'Brasília', 'DF'],
  [74000, 74899, 'Goiânia', 'GO'], [76800, 76834, 'Porto Velho', 'RO'], [77000, 77249, 'Palmas', 'TO'],
  [78000, 78109, 'Cuiabá', 'MT'], [79000, 79129, 'Campo Grande', 'MS'], [80000, 82999, 'Curitiba', 'PR'],
  [88000, 88099, 'Florianópolis', 'SC'], [90000, 91999, 'Porto Alegre', 'RS'],
];

// Each state's last five-digit prefix, in order: a prefix belongs to the first state whose bound it does not pass.
// prettier-ignore
const STATE_BOUNDS: [number, string][] = [
  [19999, 'SP'], [28999, 'RJ'], [29999, 'ES'], [39999, 'MG'], [48999, 'BA'], [49999, 'SE'], [56999, 'PE'],
  [57999, 'AL'], [58999, 'PB'], [59999, 'RN'], [63999, 'CE'], [64999, 'PI'], [65999, 'MA'], [68899, 'PA'],
  [68999, 'AP'], [69299, 'AM'], [69399, 'RR'], [69899, 'AM'], [69999, 'AC'], [72799, 'DF'], [72999, 'GO'],
  [73699, 'DF'], [76799, 'GO'], [76999, 'RO'], [77999, 'TO'], [78999, 'MT'], [79999, 'MS'], [87999, 'PR'],
  [89999, 'SC'], [99999, 'RS'],
];

// A few well-known single-street CEPs (full eight digits) → street and district.
const STREETS: Record<string, [string, string]> = dict({
  '01310100': ['Avenida Paulista', 'Bela Vista'],
  '01310200': ['Avenida Paulista', 'Bela Vista'],
  '01001000': ['Praça da Sé', 'Sé'],
  '22021001': ['Avenida Atlântica', 'Copacabana'],
  '22410003': ['Rua Visconde de Pirajá', 'Ipanema'],
  '30130010': ['Praça Sete de Setembro', 'Centro'],
  '40020000': ['Avenida Sete de Setembro', 'Centro'],
  '70040010': ['Esplanada dos Ministérios', 'Zona Cívico-Administrativa'],
  '80010000': ['Rua XV de Novembro', 'Centro'],
  '90010150': ['Rua dos Andradas', 'Centro Histórico'],
});

/**
 * The state of a normalised CEP by the Correios ranges, and its capital when the CEP is in the capital's range;
 * null when it is not eight digits or lies below the ranges (`00000-000`–`00999-999` is assigned to no place).
 */
export function cepRegion(cep: string): { state: string; capital: string | null } | null {
  if (!isCepDigits(cep)) return null;
  const prefix = Number(cep.slice(0, 5));
  if (prefix < 1000) return null;
  const city = CITIES.find(([from, to]) => prefix >= from && prefix <= to);
  const state = city?.[3] ?? STATE_BOUNDS.find(([last]) => prefix <= last)![1];
  return { state, capital: city?.[2] ?? null };
}

/** What the address form can fill from a CEP alone (the spec: "where known"). */
export interface CepPlace {
  state: string;
  city: string | null;
  street: string | null;
  district: string | null;
}

/** State (always for a complete CEP), capital city and street where the embedded table knows them. */
export function placeForCep(input: string): CepPlace | null {
  const cep = normalizeCep(input);
  const region = cepRegion(cep);
  if (!region) return null;
  const street = STREETS[cep];
  return { state: region.state, city: region.capital, street: street?.[0] ?? null, district: street?.[1] ?? null };
}

/** The 27 Brazilian UFs (26 states and the Federal District). */
export const UFS = [...new Set(STATE_BOUNDS.map(([, uf]) => uf))].sort();

/** The UF a CEP belongs to by the Correios ranges (01000-000 to 99999-999), or null: incomplete, or below them. */
export function ufForCep(input: string): string | null {
  return placeForCep(input)?.state ?? null;
}
