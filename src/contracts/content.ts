import { z } from 'zod';
import { DISPLAY_TYPES, MenuItemSchema, type MenuItem } from './menus';

/**
 * The storefront's content as the back office edits it (ADR 0033): one document (strip, promotion banner, home hero,
 * Menu-Topo) drafted, previewed and published together. Published, its parts are parameters (the banner's spec §3
 * keys, the strip and the hero as JSON under their own keys) and the `menu_items` rows.
 */
export const BANNER_KEYS = [
  'text_promotion_home',
  'start_hours_promotion',
  'link_promotion',
  'text_button_promotion',
  'whatsapp_button_link',
  'coupon_code_promotion',
  'has_timer_promotion',
] as const;
export type BannerKey = (typeof BANNER_KEYS)[number];
export const STRIP_KEY = 'announcement_strip';
export const HERO_KEY = 'home_hero';
export const STRIP_SIZE = 5;

export interface StripMessage {
  text: string;
  href: string | null;
}
export interface Hero {
  kicker: string;
  title: string;
  text: string;
  primaryText: string;
  primaryHref: string;
  secondaryText: string;
  secondaryHref: string;
}
export interface ContentDoc {
  strip: StripMessage[];
  banner: Record<BannerKey, string>;
  hero: Hero;
  menu: MenuItem[];
}

export interface ContentRelease {
  id: number;
  publishedAt: string;
  /** Who published it; null for the content found live before the first publish. */
  staffEmail: string | null;
  restoredFrom: number | null;
}
export interface ContentState {
  /** The draft (the live content when nothing is pending). */
  draft: ContentDoc;
  /** True when the draft differs from what the storefront shows. */
  pending: boolean;
  /** The draft's version: every content form sends it back (a stale one is `CONFLICT`). */
  version: number;
  /** The newest releases first. */
  releases: ContentRelease[];
  /** A previous published version exists ("Restaurar versão anterior"). */
  canRestore: boolean;
}

export const CONTENT_MESSAGES = {
  stale: 'Outra pessoa alterou o conteúdo depois que você abriu esta página. Confira o rascunho atual e salve de novo.',
  upstream: 'O conteúdo da loja é gerenciado pelo sistema de origem (COMMERCE_API_URL): nada é alterado aqui.',
  nothingToPublish: 'Não há alterações no rascunho para publicar.',
  noPrevious: 'Não há versão anterior publicada para restaurar.',
  entryNotFound: 'Entrada do menu não encontrada.',
  parentNotFound: 'Escolha onde a entrada fica no menu.',
  cannotMove: 'A entrada já está nessa ponta da lista.',
} as const;

const version = z.number({ error: 'Versão inválida. Recarregue a página.' }).int().min(0).max(1_000_000_000);
const text = (label: string, max: number, min = 0) =>
  z
    .string({ error: `${label} inválido.` })
    .trim()
    .min(min, `Informe ${label.toLowerCase()}.`)
    .max(max, `${label}: até ${max} caracteres.`);
/** A path on this site or an https address; never another scheme (javascript:, data:…). */
const LINK = /^(?:\/(?!\/)[^\s<>"'`\\]{0,300}|https:\/\/[a-z0-9.-]+\.[a-z]{2,}(?:[/?#][^\s<>"'`\\]{0,300})?)$/i;
const link = (label: string) =>
  z
    .string({ error: `${label} inválido.` })
    .trim()
    .refine(
      (v) => v === '' || LINK.test(v),
      `${label}: use um caminho da loja (ex.: /moda-praia) ou um endereço https://.`,
    )
    .transform((v) => v || null);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
const IMAGE = /^[a-z0-9]+(?:[-_][a-z0-9]+)*\.(?:webp|jpg|jpeg|png|avif)$/;
const COUPON = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

export const StripSaveSchema = z
  .object({
    version,
    messages: z
      .array(z.object({ text: text('Texto da mensagem', 120, 1), href: link('Link da mensagem') }))
      .length(STRIP_SIZE, `A faixa tem exatamente ${STRIP_SIZE} mensagens.`),
  })
  .refine((s) => s.messages.some((m) => m.href === null), {
    message: 'Deixe pelo menos uma mensagem sem link: o aviso de perfis falsos não leva a lugar nenhum.',
  });
export type StripSave = z.infer<typeof StripSaveSchema>;

export const BannerSaveSchema = z.object({
  version,
  /** HTML (sanitised where it is shown); empty: no banner. */
  text: text('Texto do banner', 500),
  /** start_hours_promotion: the moment the countdown ends (ADR 0008); null: no end. */
  endsAt: z.iso.datetime({ error: 'Data de término inválida.' }).nullable(),
  link: link('Link do botão'),
  buttonText: text('Texto do botão', 40),
  whatsappLink: link('Link do WhatsApp').refine(
    (v) => v === null || v.startsWith('https://'),
    'Link do WhatsApp: use um endereço https://.',
  ),
  coupon: z
    .string({ error: 'Cupom inválido.' })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => v === '' || COUPON.test(v), 'Cupom: de 3 a 40 letras sem acento, números, hífen ou sublinhado.'),
  timer: z.boolean({ error: 'Dados inválidos.' }),
});
export type BannerSave = z.infer<typeof BannerSaveSchema>;

export const HeroSaveSchema = z.object({
  version,
  kicker: text('Chamada', 60),
  title: text('Título', 80, 1),
  text: text('Texto', 300),
  primaryText: text('Texto do botão principal', 40, 1),
  primaryHref: link('Link do botão principal').refine((v) => v !== null, 'Informe o link do botão principal.'),
  secondaryText: text('Texto do segundo botão', 40),
  secondaryHref: link('Link do segundo botão'),
});
export type HeroSave = z.infer<typeof HeroSaveSchema>;

const optional = (label: string, max: number, pattern: RegExp, hint: string) =>
  z
    .string({ error: `${label} inválido.` })
    .trim()
    .max(max, `${label}: até ${max} caracteres.`)
    .refine((v) => v === '' || pattern.test(v), `${label}: ${hint}`)
    .transform((v) => v || null);

export const MenuEntrySchema = z.object({
  version,
  /** Absent: an edit of entry `id`; present: a new entry under this parent (null: top level). */
  parentId: z.number({ error: CONTENT_MESSAGES.parentNotFound }).int().min(1).nullable().optional(),
  name: text('Nome', 60, 1),
  slug: z
    .string({ error: 'Endereço inválido.' })
    .trim()
    .regex(
      SLUG,
      'Endereço: letras minúsculas sem acento, números e hífen, partes separadas por / (ex.: fitness/corrida).',
    ),
  url: optional(
    'Link',
    300,
    /^(?:https:\/\/[a-z0-9.-]+\.[a-z]{2,}(?:[/?#]\S*)?|\/?[a-z0-9][a-z0-9/_-]*)$/i,
    'use um caminho (ex.: novidades) ou um endereço https://.',
  ),
  typeLink: optional('Tipo de link', 20, /^[a-z_]+$/, 'letras minúsculas (ex.: blank).'),
  destinyLink: optional('Destino', 20, /^_?[a-z]+$/, 'ex.: _blank.'),
  displayType: z.enum(DISPLAY_TYPES, { error: 'Escolha o tipo de exibição.' }),
  color: optional('Cor', 7, /^#[0-9a-f]{6}$/i, 'use #rrggbb.'),
  cssClass: optional('Classe CSS', 60, /^[a-z][a-z0-9_ -]*$/i, 'letras, números, hífen e sublinhado.'),
  image: optional('Imagem', 120, IMAGE, 'o nome de um arquivo de imagem do menu (ex.: verao-2027.webp).'),
  buttonText: optional('Texto do botão', 40, /\S/, 'texto inválido.'),
});
export type MenuEntrySave = z.infer<typeof MenuEntrySchema>;

export const MenuMoveSchema = z.object({
  version,
  direction: z.enum(['up', 'down'], { error: 'Escolha para onde mover.' }),
});
export const VersionOnlySchema = z.object({ version });

// Read back from parameters (also an upstream's): links keep to the same rule as the forms'.
const StoredStripSchema = z
  .array(z.object({ text: z.string().min(1), href: z.string().regex(LINK).nullable() }))
  .length(STRIP_SIZE);
const StoredHeroSchema = z.object({
  kicker: z.string(),
  title: z.string().min(1),
  text: z.string(),
  primaryText: z.string(),
  primaryHref: z.string().regex(LINK),
  secondaryText: z.string(),
  secondaryHref: z.string().refine((v) => v === '' || LINK.test(v)),
});
export const ContentDocSchema = z.object({
  strip: StoredStripSchema,
  banner: z.object(Object.fromEntries(BANNER_KEYS.map((k) => [k, z.string()])) as Record<BannerKey, z.ZodString>),
  hero: StoredHeroSchema,
  menu: z.array(MenuItemSchema),
});

/** The parameters that publish `doc` (its menu is the `menu_items` rows). */
export const contentParams = (doc: ContentDoc): Record<string, string> => ({
  ...doc.banner,
  [STRIP_KEY]: JSON.stringify(doc.strip),
  [HERO_KEY]: JSON.stringify(doc.hero),
});

/** The strip the storefront shows: the published one, else (none, or an upstream without it) the default. */
export function stripFrom(params: ReadonlyMap<string, string>, fallback: readonly StripMessage[]): StripMessage[] {
  return parsed(StoredStripSchema, params.get(STRIP_KEY)) ?? fallback.map(({ text, href }) => ({ text, href }));
}
/** The home hero the storefront shows: the published one, else the default. */
export function heroFrom(params: ReadonlyMap<string, string>, fallback: Hero): Hero {
  return parsed(StoredHeroSchema, params.get(HERO_KEY)) ?? fallback;
}
function parsed<T>(schema: z.ZodType<T>, raw: string | undefined): T | null {
  if (!raw) return null;
  try {
    const result = schema.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
