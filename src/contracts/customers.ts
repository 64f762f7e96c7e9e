import { z } from 'zod';
import { nationalPhoneDigits } from '../lib/customer/phone';
import { DAY_MS, storeDay } from '../lib/format/dates';
import {
  ADDRESS_MAX,
  ADDRESS_MESSAGES,
  cepProblem,
  isCepOfOtherUf,
  isHouseNumber,
  isUf,
  normalizeHouseNumber,
  tooLong,
} from '../lib/customer/address';
import { normalizeCep } from '../lib/customer/cep';
import { isValidCpf, normalizeCpf } from '../lib/customer/cpf';
import { isStrongPassword, PASSWORD_MAX, PASSWORD_RULE } from '../lib/security/password';

export const MESSAGES = {
  name: 'Informe seu nome completo.',
  email: 'Informe um e-mail válido.',
  cpf: 'CPF inválido. Confira os 11 dígitos.',
  phone: 'Informe um telefone com DDD.',
  birthDate: 'Informe uma data de nascimento válida.',
  cep: ADDRESS_MESSAGES.cep,
  uf: ADDRESS_MESSAGES.uf,
  cepUf: ADDRESS_MESSAGES.cepUf,
  number: ADDRESS_MESSAGES.number,
  required: 'Preencha este campo.',
  login: 'Informe seu e-mail ou CPF.',
  password: 'Informe sua senha.',
} as const;

export { tooLong };

/** Trimmed and NFC-normalised before its length is measured (the length stored is the one checked). */
const trimmed = (max: number, message: string) =>
  z.string({ error: message }).trim().normalize('NFC').min(1, message).max(max, tooLong(max));
const Email = z
  .string({ error: MESSAGES.email })
  .trim()
  .toLowerCase()
  .pipe(z.email(MESSAGES.email).max(200, MESSAGES.email));
const Cpf = z.string({ error: MESSAGES.cpf }).refine(isValidCpf, MESSAGES.cpf).transform(normalizeCpf);
export const NewPassword = z.string({ error: PASSWORD_RULE }).refine(isStrongPassword, PASSWORD_RULE);
const Phone = z
  .string({ error: MESSAGES.phone })
  .transform(nationalPhoneDigits)
  .refine((v) => /^\d{10,11}$/.test(v), MESSAGES.phone);
/** The youngest a customer may be (spec §5): 16, on their birthday in São Paulo. */
export const MIN_AGE = 16;
const BirthDate = z
  .string({ error: MESSAGES.birthDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.birthDate)
  .refine(
    (v) => {
      const date = new Date(`${v}T00:00:00Z`);
      const age = (Date.now() - date.getTime()) / (365.25 * DAY_MS);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v) && age >= 0 && age < 120;
    },
    { message: MESSAGES.birthDate, abort: true },
  )
  // Their 16th birthday (YYYY-MM-DD compares as text) is today or before; 29 February counts from 1 March.
  .refine(
    (v) => `${Number(v.slice(0, 4)) + MIN_AGE}${v.slice(4)}` <= storeDay(new Date()),
    `Você precisa ter pelo menos ${MIN_AGE} anos.`,
  );
// The address rule is `lib/customer/address.ts` (the browser's checkout uses it without zod); these are its zod pieces.
const ZipCode = z
  .string({ error: MESSAGES.cep })
  .superRefine((cep, ctx) => {
    const problem = cepProblem(cep);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalizeCep);
const Uf = z.string({ error: MESSAGES.uf }).trim().toUpperCase().refine(isUf, MESSAGES.uf);
// The house number, in one spelling (lib/address normalizeHouseNumber: 123A, 1000, km 5, S/N). A JSON number is read
// as its digits (123 is "123"; -5 or 1.5 are then refused as numbers, not as missing).
const HouseNumber = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
  trimmed(ADDRESS_MAX.number, ADDRESS_MESSAGES.numberMissing)
    .transform(normalizeHouseNumber)
    .refine(isHouseNumber, MESSAGES.number),
);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((v) => v || null);

/**
 * The CEP must be one of the UF's (Correios ranges): reported on the UF, which is what the shopper picks; only when
 * both are valid on their own (each already says what is wrong with it otherwise).
 */
const cepMatchesUf = (a: { zipCode: string; state: string }, ctx: z.RefinementCtx) => {
  if (isCepOfOtherUf(a.zipCode, a.state)) ctx.addIssue({ code: 'custom', path: ['state'], message: MESSAGES.cepUf });
};

/** An address's fields as the shopper types them; `zipCode` is stored as 8 digits and shown `12345-678`. */
const AddressFields = z.object({
  label: optionalText(40),
  receiver: trimmed(120, 'Informe quem vai receber.'),
  zipCode: ZipCode,
  street: trimmed(ADDRESS_MAX.street, ADDRESS_MESSAGES.street),
  number: HouseNumber,
  complement: optionalText(ADDRESS_MAX.complement),
  neighborhood: trimmed(ADDRESS_MAX.neighborhood, ADDRESS_MESSAGES.neighborhood),
  city: trimmed(ADDRESS_MAX.city, ADDRESS_MESSAGES.city),
  state: Uf,
  isDefault: z.boolean().default(false),
});
/** A saved address (account form, /api/addresses): valid CEP, UF and number, and the CEP in that UF. */
export const AddressInputSchema = AddressFields.superRefine(cepMatchesUf);
export type AddressInput = z.infer<typeof AddressInputSchema>;
/**
 * The checkout's typed delivery address (finish-order, the no-JS checkout): a saved address's fields and rules,
 * without receiver (the buyer), label and default; the complement absent rather than null (the order snapshot's
 * and an upstream's shape).
 */
export const DeliveryAddressSchema = AddressFields.pick({
  zipCode: true,
  street: true,
  number: true,
  neighborhood: true,
  city: true,
  state: true,
})
  .extend({ complement: AddressFields.shape.complement.transform((v) => v ?? undefined).optional() })
  .superRefine(cepMatchesUf);
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;

export const AddressSchema = z.object({
  id: z.number().int(),
  label: z.string().nullable(),
  receiver: z.string(),
  zipCode: z.string(),
  street: z.string(),
  number: z.string(),
  complement: z.string().nullable(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof AddressSchema>;
export const AddressesResponseSchema = z.object({ addresses: z.array(AddressSchema) });

/** POST /api/register. Only what the store needs (LGPD); marketing needs an explicit opt-in. */
export const RegisterSchema = z.object({
  name: trimmed(120, MESSAGES.name).refine((v) => v.split(/\s+/).length >= 2, MESSAGES.name),
  email: Email,
  cpf: Cpf,
  password: NewPassword,
  phone: Phone,
  birthDate: BirthDate,
  marketingOptIn: z.boolean().default(false),
  address: AddressFields.omit({ isDefault: true, label: true }).superRefine(cepMatchesUf).nullish(),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** POST /api/login: e-mail or CPF plus password. */
export const LoginSchema = z.object({
  // Measured as it is looked up: lower-cased ("İ" grows to two characters), so the length rule holds after it.
  login: z.string({ error: MESSAGES.login }).trim().toLowerCase().min(1, MESSAGES.login).max(200, MESSAGES.login),
  password: z.string({ error: MESSAGES.password }).min(1, MESSAGES.password).max(PASSWORD_MAX, tooLong(PASSWORD_MAX)),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** GET /api/me (spec §3 User: id, cpf, name, others). */
export const MeSchema = z.object({
  id: z.number().int(),
  cpf: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  birthDate: z.string().nullable(),
  marketingOptIn: z.boolean(),
  superUser: z.boolean(),
  /** A seller code is linked to the account: "Minhas vendas" shows in its menu (absent upstream: false). */
  seller: z.boolean().default(false),
});
export type Me = z.infer<typeof MeSchema>;

/**
 * Login/registration answer. The worker puts `token` in the HttpOnly cookie; the browser script also
 * gets it (spec §3 auth state, and the app webview's token sync), never storing it anywhere.
 */
export const AuthResultSchema = z.object({ token: z.string().min(16), user: MeSchema, newUser: z.boolean() });
export type AuthResult = z.infer<typeof AuthResultSchema>;

export const ForgotPasswordSchema = z.object({ email: Email });
export const ResetPasswordSchema = z.object({
  token: z
    .string({ error: 'Link de redefinição inválido.' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'Link de redefinição inválido.'),
  password: NewPassword,
});
export const MessageSchema = z.object({ message: z.string() });
export type MessageResult = z.infer<typeof MessageSchema>;

export const ProfileUpdateSchema = z.object({
  name: RegisterSchema.shape.name,
  phone: Phone,
  birthDate: BirthDate,
  marketingOptIn: z.boolean().default(false),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ error: MESSAGES.password })
    .min(1, MESSAGES.password)
    .max(PASSWORD_MAX, tooLong(PASSWORD_MAX)),
  newPassword: NewPassword,
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** GET /api/favorites: the favorite product items with what a card needs. */
export const FavoriteSchema = z.object({
  id: z.number().int(),
  product_item_id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** The size saved with the favourite; null when it was saved before a size was chosen (the page asks for one). */
  size: z.string().nullable(),
  color: z.string(),
  /** The colour's slug, for the product page link (`?cor=`); an upstream that sends none links the product. */
  colorSlug: z.string().nullable().catch(null),
  priceCents: z.number().int(),
  listPriceCents: z.number().int(),
  image: z.string().nullable(),
  available: z.boolean(),
});
export type Favorite = z.infer<typeof FavoriteSchema>;
export const FavoritesResponseSchema = z.object({ favorites: z.array(FavoriteSchema), ids: z.array(z.number().int()) });
export type FavoritesResponse = z.infer<typeof FavoritesResponseSchema>;
export const AddFavoriteSchema = z.object({
  product_item_id: z
    .number({ error: 'Produto inválido.' })
    .int('Produto inválido.')
    .positive('Produto inválido.')
    .max(2 ** 31),
  /**
   * False when the heart was tapped before a size was chosen (a listing card, or a product page without a size):
   * the item then only names the colour. Absent means chosen, as the spec's body (`product_item_id` alone) had it.
   */
  size_chosen: z.boolean({ error: 'Escolha de tamanho inválida.' }).nullish(),
});

/** GET /api/cashback/statement: the account's cashback (cents): balance, pending, ledger with expiry. */
export const CashbackEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['accrual', 'debit', 'expiry', 'adjustment']),
  amount: z.number().int(),
  orderId: z.string().nullable(),
  /** For an exchange's entry (`orderId` `exchange:<id>…`): whether it was a troca or a devolução (absent from an upstream that does not say). */
  exchangeKind: z.enum(['exchange', 'return']).nullish(),
  availableAt: z.string(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export const CashbackStatementSchema = z.object({
  balance: z.number().int(),
  pending: z.number().int(),
  /** The next expiry of available credit, if any. */
  nextExpiry: z.object({ at: z.string(), amount: z.number().int() }).nullable(),
  entries: z.array(CashbackEntrySchema),
});
export type CashbackStatement = z.infer<typeof CashbackStatementSchema>;

/** GET /api/sales: a customer who is a seller sees the orders attributed to their seller code (no buyer data). */
export const SalesReportSchema = z.object({
  sellers: z.array(z.object({ code: z.string(), name: z.string() })),
  months: z.array(z.object({ month: z.string(), orders: z.number().int(), total: z.number().int() })),
  orders: z.array(
    z.object({
      id: z.number().int(),
      createdAt: z.string(),
      status: z.string(),
      sellerCode: z.string(),
      total: z.number().int(),
    }),
  ),
});
export type SalesReport = z.infer<typeof SalesReportSchema>;
