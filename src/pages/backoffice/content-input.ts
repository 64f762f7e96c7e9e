import { STRIP_SIZE, type ContentDoc } from '../../contracts/content';
import type { MenuItem } from '../../contracts/menus';
import { toStoreWall } from '../../lib/format/dates';
import { spLocalToIso } from './sp-time';

// The content forms' posted fields ↔ the edits' input (no JS: flat names, São Paulo times to the second).
export const CONTENT = '/painel/conteudo';
export const MENU = `${CONTENT}/menu`;
type Fields = Record<string, string | undefined>;

export const version = (text: string | undefined) =>
  text !== undefined && /^\d{1,10}$/.test(text) ? Number(text) : undefined;
const str = (v: string | undefined) => v ?? '';

/** `datetime-local` with seconds (`step="1"`): a countdown may end a few seconds ahead. */
export function localToIso(value: string | undefined): string | null | number {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::(\d{2}))?$/.exec((value ?? '').trim());
  if (!m) return (value ?? '').trim() ? Number.NaN : null;
  const minute = spLocalToIso(m[1]);
  const seconds = Number(m[2] ?? 0);
  if (typeof minute !== 'string' || seconds > 59) return Number.NaN;
  return new Date(Date.parse(minute) + seconds * 1000).toISOString();
}
export const isoToLocal = (iso: string): string => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : new Date(toStoreWall(ms)).toISOString().slice(0, 19);
};

export const stripInput = (v: Fields): unknown => ({
  version: version(v.version),
  messages: Array.from({ length: STRIP_SIZE }, (_, i) => ({ text: str(v[`text_${i}`]), href: str(v[`href_${i}`]) })),
});

export const bannerInput = (v: Fields): unknown => ({
  version: version(v.version),
  text: str(v.text),
  endsAt: localToIso(v.endsAt),
  link: str(v.link),
  buttonText: str(v.buttonText),
  whatsappLink: str(v.whatsappLink),
  coupon: str(v.coupon),
  timer: v.timer === 'on',
});
export const bannerValues = (b: ContentDoc['banner']): Fields => ({
  text: b.text_promotion_home,
  endsAt: b.start_hours_promotion ? isoToLocal(b.start_hours_promotion) : '',
  link: b.link_promotion,
  buttonText: b.text_button_promotion,
  whatsappLink: b.whatsapp_button_link,
  coupon: b.coupon_code_promotion,
  timer: b.has_timer_promotion === '1' ? 'on' : '',
});

export const HERO_FIELDS = [
  'kicker',
  'title',
  'text',
  'primaryText',
  'primaryHref',
  'secondaryText',
  'secondaryHref',
] as const;
export const heroInput = (v: Fields): unknown => ({
  version: version(v.version),
  ...Object.fromEntries(HERO_FIELDS.map((k) => [k, str(v[k])])),
});

/** A menu entry's form: `parentId` only for a new one ("" = top level). */
export const entryInput = (v: Fields, isNew: boolean): unknown => ({
  version: version(v.version),
  ...(isNew
    ? {
        parentId:
          v.parentId === '' || v.parentId === undefined
            ? null
            : /^\d{1,9}$/.test(v.parentId)
              ? Number(v.parentId)
              : Number.NaN,
      }
    : {}),
  name: str(v.name),
  slug: str(v.slug),
  url: str(v.url),
  typeLink: str(v.typeLink),
  destinyLink: str(v.destinyLink),
  displayType: v.displayType,
  color: str(v.color),
  cssClass: str(v.cssClass),
  image: str(v.image),
  buttonText: str(v.buttonText),
});
export const entryValues = (i: MenuItem | null): Fields =>
  i
    ? {
        name: i.name,
        slug: i.id_slug,
        url: i.url ?? '',
        typeLink: i.type_link ?? '',
        destinyLink: i.destiny_link ?? '',
        displayType: i.display_type,
        color: i.color_item ?? '',
        cssClass: i.css_class ?? '',
        image: i.image ?? '',
        buttonText: i.content_button ?? '',
      }
    : { displayType: 'other' };

/** Entry `id` of the tree, or null. */
export function entryOf(items: MenuItem[], id: number): MenuItem | null {
  for (const item of items) {
    if (item.id === id) return item;
    const inner = entryOf(item.items, id);
    if (inner) return inner;
  }
  return null;
}
