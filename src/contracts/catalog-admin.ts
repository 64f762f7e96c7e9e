import { z } from 'zod';
import { ListSearch, ListPage } from './list-query';
import { validGtin } from '../lib/catalog/gtin';

export const PRODUCTS_PAGE_SIZE = 20;
const SKU = /^[A-Za-z0-9._-]{1,64}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const text = (max: number, label: string) =>
  z
    .string({ error: `Informe ${label}.` })
    .trim()
    .max(max, `${label[0]!.toUpperCase()}${label.slice(1)}: até ${max} caracteres.`);
const cents = (message: string) => z.number({ error: message }).int(message).min(1, message).max(100_000_000, message);

export const ProductsQuerySchema = z.object({
  q: ListSearch,
  page: ListPage,
});
export type ProductsQuery = z.infer<typeof ProductsQuerySchema>;

export const GTIN_MESSAGE = (sku: string) =>
  `GTIN inválido no SKU ${sku}: confira os dígitos (o último é o verificador).`;

/**
 * The first variant whose GTIN is new or changed and fails its check digit (-1: none). A GTIN already stored for the
 * SKU is kept as it is, whatever its check digit (a catalog from before the check, the seed's typos): the feed leaves
 * it out (`identifier_exists=no`) and the form flags it, but it never holds back an edit of anything else.
 */
export function newInvalidGtin(
  variants: readonly { sku: string; gtin: string | null }[],
  stored: readonly { sku: string; gtin: string | null }[],
): number {
  const kept = new Map(stored.map((v) => [v.sku.toUpperCase(), v.gtin]));
  return variants.findIndex(
    (v) => v.gtin !== null && kept.get(v.sku.toUpperCase()) !== v.gtin && validGtin(v.gtin) === null,
  );
}

export const VariantInputSchema = z
  .object({
    sku: z
      .string({ error: 'Informe o SKU.' })
      .trim()
      .regex(SKU, 'SKU inválido: use letras, números, ponto, hífen ou sublinhado (até 64).'),
    color: text(40, 'a cor').min(1, 'Informe a cor.'),
    size: text(20, 'o tamanho').min(1, 'Informe o tamanho.'),
    gtin: z
      .string({ error: 'GTIN inválido.' })
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      // The check digit is checked by the save and the import, which know the GTIN stored for the SKU (newInvalidGtin).
      .refine((v) => v === null || /^\d{8,14}$/.test(v), 'GTIN inválido: use só os dígitos (8, 12, 13 ou 14).'),
    /** What the shopper pays (cents). */
    price: cents('Preço inválido.'),
    /** The "de" price (cents), above `price`; null: no sale. */
    compareAt: cents('Preço "de" inválido.').nullable(),
  })
  .strict()
  .refine((v) => v.compareAt === null || v.compareAt > v.price, {
    message: 'O preço "de" deve ser maior que o preço de venda.',
  });
export type VariantInput = z.infer<typeof VariantInputSchema>;

export const ProductSaveSchema = z
  .object({
    /** Absent: a new product. */
    id: z.number().int().positive().optional(),
    /** The version the form was read at (required to save an existing product). */
    version: z.number().int().min(0).optional(),
    name: text(120, 'o nome').min(2, 'Informe o nome.'),
    slug: z
      .string({ error: 'Informe o endereço (slug).' })
      .trim()
      .max(120, 'Endereço (slug): até 120 caracteres.')
      .regex(SLUG, 'Endereço (slug) inválido: letras minúsculas, números e hífens.'),
    description: text(2000, 'a descrição'),
    details: text(2000, 'os detalhes'),
    /** An existing category path (`moda/vestidos`); its department is the gender/age group. */
    category: z
      .string({ error: 'Escolha a categoria.' })
      .trim()
      .regex(/^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/, 'Escolha a categoria.'),
    published: z.boolean({ error: 'Publicação inválida.' }),
    variants: z
      .array(VariantInputSchema, { error: 'Informe as variantes.' })
      .min(1, 'Informe ao menos uma variante (cor × tamanho).')
      .max(200, 'No máximo 200 variantes por produto.'),
  })
  .strict()
  .refine((p) => p.id === undefined || p.version !== undefined, {
    message: 'Versão do produto ausente. Recarregue a página.',
  })
  .refine((p) => new Set(p.variants.map((v) => v.sku.toUpperCase())).size === p.variants.length, {
    message: 'Há SKUs repetidos nas variantes.',
  })
  .refine(
    (p) =>
      new Set(p.variants.map((v) => `${v.color.toLowerCase()}|${v.size.toLowerCase()}`)).size === p.variants.length,
    {
      message: 'Há variantes repetidas (mesma cor e tamanho).',
    },
  );
export type ProductSave = z.infer<typeof ProductSaveSchema>;

export type {
  AdminPhoto,
  AdminProduct,
  AdminProductRow,
  AdminProductsPage,
  AdminVariant,
  CategoryOption,
  ProductSaved,
} from './catalog-admin-views';
