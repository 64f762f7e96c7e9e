import { z } from 'zod';
import { dict } from '../lib/security/dict';

/**
 * Coupons and seller codes in the back office (ADR 0031). The shapes a save takes; what the bag does with
 * them (spec §8's messages, limits counted with live reservations) stays in `src/commerce/promotions`.
 */
export const COUPON_KINDS = dict({
  percentage: 'Percentual (%)',
  fixed: 'Valor fixo (R$)',
  free_normal_shipping: 'Frete normal grátis',
  free_express_shipping: 'Frete expresso grátis',
  gift: 'Brinde',
} as const);
export type AdminCouponKind = keyof typeof COUPON_KINDS;
const KIND_KEYS = Object.keys(COUPON_KINDS) as [AdminCouponKind, ...AdminCouponKind[]];

/** A code the bag and the promotion banner can show (the banner needs at least 3 characters, spec §5). */
const CODE = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;
const LISTING = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
const MAX_CENTS = 100_000_000;

const code = (label: string) =>
  z
    .string({ error: `Informe o código ${label}.` })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(CODE, `Código ${label}: de 3 a 40 letras sem acento, números, hífen ou sublinhado.`));
const whole = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);
const limit = (message: string) => whole(message, 1, 1_000_000).nullable();
const version = whole('Versão inválida. Recarregue a página.', 0, 1_000_000_000);
const iso = z.iso.datetime({ error: 'Data inválida.' }).nullable();
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} inválido.` })
    .trim()
    .max(max, `${label}: até ${max} caracteres.`)
    .nullish()
    .transform((v) => (v ? v : null));

export const CouponSaveSchema = z
  .object({
    /** Absent: a new coupon. The code of an existing coupon never changes (orders and carts name it). */
    id: whole('Cupom inválido.', 1, 1_000_000_000).optional(),
    version: version.optional(),
    code: code('do cupom'),
    kind: z.enum(KIND_KEYS, { error: 'Escolha o tipo do cupom.' }),
    /** percentage: whole percent; fixed: cents; other kinds: 0. */
    value: whole('Informe o valor do desconto.', 0, MAX_CENTS),
    minSubtotal: whole('Subtotal mínimo inválido.', 0, MAX_CENTS),
    startsAt: iso,
    endsAt: iso,
    usageLimit: limit('Limite de usos inválido: um número inteiro a partir de 1, ou vazio para sem limite.'),
    perCustomerLimit: limit('Limite por cliente inválido: um número inteiro a partir de 1, ou vazio para sem limite.'),
    requiresLogin: z.boolean({ error: 'Dados inválidos.' }),
    /** Listing slugs (department, category path or collection) the coupon is limited to; [] = the whole store. */
    categories: z
      .array(z.string().regex(LISTING, 'Categoria inválida: use o endereço da categoria (ex.: moda-praia).'), {
        error: 'Categorias inválidas.',
      })
      .max(20, 'No máximo 20 categorias.'),
    giftSku: optionalText(64, 'SKU do brinde'),
    giftTitle: optionalText(120, 'Título do aviso do brinde'),
    giftMessage: optionalText(300, 'Mensagem do aviso do brinde'),
  })
  .strict()
  .refine((c) => c.kind !== 'percentage' || (c.value >= 1 && c.value <= 100), {
    message: 'O percentual vai de 1 a 100.',
  })
  .refine((c) => c.kind !== 'fixed' || c.value >= 1, { message: 'Informe o valor do desconto em reais.' })
  .refine((c) => c.kind === 'percentage' || c.kind === 'fixed' || c.value === 0, {
    message: 'Este tipo de cupom não tem valor de desconto: deixe-o vazio.',
  })
  .refine((c) => c.kind !== 'gift' || c.giftSku !== null, { message: 'Informe o SKU do brinde.' })
  .refine((c) => c.startsAt === null || c.endsAt === null || c.endsAt > c.startsAt, {
    message: 'O fim deve ser depois do início.',
  })
  .refine((c) => c.id === undefined || c.version !== undefined, { message: 'Versão inválida. Recarregue a página.' });
export type CouponSave = z.infer<typeof CouponSaveSchema>;

export const SellerSaveSchema = z
  .object({
    id: whole('Código de vendedor inválido.', 1, 1_000_000_000).optional(),
    version: version.optional(),
    code: code('do vendedor'),
    name: z
      .string({ error: 'Informe o nome do vendedor.' })
      .trim()
      .min(2, 'Informe o nome do vendedor.')
      .max(120, 'Nome: até 120 caracteres.'),
    discountPct: whole('O desconto do vendedor vai de 0 a 100%.', 0, 100),
    freeNormalShipping: z.boolean({ error: 'Dados inválidos.' }),
    freeExpressShipping: z.boolean({ error: 'Dados inválidos.' }),
    active: z.boolean({ error: 'Dados inválidos.' }),
  })
  .strict()
  .refine((s) => s.id === undefined || s.version !== undefined, { message: 'Versão inválida. Recarregue a página.' });
export type SellerSave = z.infer<typeof SellerSaveSchema>;

export const PromotionEndSchema = z.object({ id: whole('Cupom inválido.', 1, 1_000_000_000), version }).strict();
export type PromotionEnd = z.infer<typeof PromotionEndSchema>;

export interface AdminCoupon {
  id: number;
  code: string;
  kind: AdminCouponKind;
  value: number;
  minSubtotal: number;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  requiresLogin: boolean;
  categories: string[];
  giftSku: string | null;
  giftTitle: string | null;
  giftMessage: string | null;
  /** Orders that spent it, and carts holding a live reservation now. */
  used: number;
  reserved: number;
  version: number;
}

export interface AdminSeller {
  id: number;
  code: string;
  name: string;
  discountPct: number;
  freeNormalShipping: boolean;
  freeExpressShipping: boolean;
  active: boolean;
  /** Orders attributed to the code. */
  orders: number;
  version: number;
}

export const PROMOTIONS_ADMIN_MESSAGES = {
  stale:
    'Outra pessoa salvou este registro depois que você abriu o formulário. Confira os valores atuais e salve de novo.',
  couponTaken: 'Já existe um cupom com este código.',
  sellerTaken: 'Já existe um código de vendedor igual.',
  couponNotFound: 'Cupom não encontrado.',
  sellerNotFound: 'Código de vendedor não encontrado.',
  giftSku: 'SKU do brinde não encontrado.',
  category: (slug: string) => `Categoria não encontrada: ${slug}.`,
  belowUsed: (used: number) => `O limite de usos não pode ficar abaixo dos usos já feitos (${used}).`,
  alreadyEnded: 'Este cupom já está encerrado.',
  upstream:
    'Esta loja usa um backend externo (COMMERCE_API_URL): as promoções pertencem a ele. Faça as alterações por lá; nada foi alterado aqui.',
} as const;
