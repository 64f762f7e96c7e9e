import { DAY_MS } from '../../lib/format/dates';
import { gtinCheckDigit } from '../../lib/catalog/gtin';
import { mulberry32 } from './random';
import { deletions, searchWords } from '../../lib/catalog/search-terms';
import { slugify } from '../../lib/format/slug';
import { foldText } from '../../lib/format/text';
import { COLLECTIONS, COLORS, PLACES, STORES } from './catalog-data';
import { CATEGORIES, type CategoryTemplate } from './category-data';
import { ANCESTORS, DEPARTMENTS, NAMES } from './menu-tree';
import { PHOTO_POSITIONS, photoFile } from './photos';

type Value = string | number | null;
type Row = Record<string, Value>;

export interface Catalog {
  stores: Row[];
  products: Row[];
  items: Row[];
  photos: Row[];
  stock: Row[];
  listings: Row[];
  fts: Row[];
  terms: Row[];
  variants: Row[];
}

/** Fixed reference date so the catalog is identical on every machine ("newest" sorts by it). */
const CATALOG_DATE = Date.UTC(2026, 10, 1);

/** Spreads `total` products over the categories by weight, at least two each. */
function allocate(total: number): CategoryTemplate[] {
  const weights = CATEGORIES.reduce((s, c) => s + c.weight, 0);
  const plan: CategoryTemplate[] = [];
  for (const c of CATEGORIES) {
    const n = Math.max(2, Math.round((total * c.weight) / weights));
    for (let i = 0; i < n; i++) plan.push(c);
  }
  return plan.slice(0, Math.max(total, CATEGORIES.length * 2));
}

const cents = (reais: number) => reais * 100 + 90;

/**
 * The manufacturer's EAN-13 of a SKU, derived from its id (not the random stream, so the rest of the catalog stays as
 * it was): two in five have a valid one (Brazil's GS1 prefix 789), one in five a wrong check digit (a typo the feed
 * must not publish), the rest none (our own make).
 */
function seedGtin(itemId: number): string | null {
  const kind = itemId % 5;
  if (kind > 2) return null;
  const body = `789${String(itemId).padStart(9, '0')}`;
  const check = gtinCheckDigit(body);
  return `${body}${kind === 2 ? (check + 1) % 10 : check}`;
}

export function generateCatalog(productCount = 320): Catalog {
  const rand = mulberry32(20261122);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const cat: Catalog = {
    stores: [],
    products: [],
    items: [],
    photos: [],
    stock: [],
    listings: [],
    fts: [],
    terms: [],
    variants: [],
  };
  STORES.forEach((s, i) =>
    cat.stores.push({
      id: i + 1,
      key: s.key,
      name: s.name,
      city: s.city,
      state: s.state,
      cep: s.cep,
      address: s.address,
      allows_pickup: s.pickup,
      whatsapp: s.whatsapp,
    }),
  );
  const usedSlugs = new Set<string>();
  const termCount = new Map<string, number>();
  let itemId = 100_000;
  const plan = allocate(productCount);

  plan.forEach((c, index) => {
    const id = index + 1;
    const [department] = c.slug.split('/') as [string];
    const style = c.styles[index % c.styles.length]!;
    // Two products of one listing never share a name: a name already given takes the next place in the list (no
    // extra draw, so the rest of the seed stays as it was). Only when every place is taken (the bench's large
    // catalogs) does a name repeat, with the product id in its slug.
    // (A gift card is named without a place, until that name is taken too.)
    const picked = PLACES.indexOf(pick(PLACES));
    const places = PLACES.map((_, k) => PLACES[(picked + k) % PLACES.length]!);
    const names = [
      ...(c.slug === 'acessorios/cartao-presente' ? [`${c.noun} ${style}`] : []),
      ...places.map((p) => `${c.noun} ${style} ${p}`),
    ];
    const free = names.findIndex((n) => !usedSlugs.has(slugify(n)));
    const name = names[Math.max(0, free)]!;
    const place = places[Math.max(0, free - (names.length - places.length))]!;
    let slug = slugify(name);
    if (usedSlugs.has(slug)) slug = `${slug}-${id}`;
    usedSlugs.add(slug);
    const colorCount = c.sizes.length === 1 && c.slug !== 'acessorios/meias' ? int(1, 3) : int(1, 4);
    const colors = [...COLORS].sort(() => rand() - 0.5).slice(0, colorCount);
    const list = cents(int(c.price[0], c.price[1]) - 1);
    const discount = rand() < 0.35 ? pick([10, 15, 20, 25, 30, 40, 50]) : 0;
    const sale = discount ? Math.min(list - 100, cents(Math.round((list * (100 - discount)) / 10000) - 1)) : 0;
    const realDiscount = sale ? Math.round(((list - sale) / list) * 100) : 0;
    const createdAt = new Date(CATALOG_DATE - int(0, 365) * DAY_MS).toISOString();
    const categoryName = NAMES.get(c.slug) ?? c.noun;
    const departmentName = DEPARTMENTS[department] ?? department;
    const description = `${name}: ${c.noun.toLowerCase()} em ${c.fabric}, com caimento pensado para o dia a dia e para o verão brasileiro. Inspirado em ${place}, combina conforto, durabilidade e estilo.`;
    const details = `Composição: ${c.fabric}. Cuidados: lavar à mão com água fria, não usar alvejante, secar à sombra. Cores disponíveis: ${colors.map((x) => x.name).join(', ')}.`;
    cat.products.push({
      id,
      slug,
      name,
      description,
      details,
      department_slug: department,
      department_name: departmentName,
      category_slug: c.slug,
      category_name: categoryName,
      pre_sale: rand() < 0.05 ? 1 : 0,
      gift: 0,
      price_cents: sale || list,
      list_price_cents: list,
      discount_pct: realDiscount,
      popularity: int(0, 1000),
      created_at: createdAt,
    });

    const soldOutSize = c.sizes.length > 1 && rand() < 0.3 ? pick(c.sizes) : null;
    colors.forEach((color) => {
      c.sizes.forEach((size, sizeOrder) => {
        const item = ++itemId;
        cat.items.push({
          id: item,
          product_id: id,
          sku: `VT${String(id).padStart(5, '0')}-${color.slug.toUpperCase()}-${slugify(size).toUpperCase() || 'U'}`,
          color_slug: color.slug,
          color_name: color.name,
          color_hex: color.hex,
          size,
          size_order: sizeOrder,
          list_price_cents: list,
          sale_price_cents: sale,
          gift_coupon: null,
          gtin: seedGtin(item),
        });
        cat.stores.forEach((store) => {
          const factory = store.key === 'fabrica';
          const quantity =
            size === soldOutSize ? 0 : factory ? (rand() < 0.15 ? 0 : int(1, 25)) : rand() < 0.45 ? 0 : int(1, 6);
          cat.stock.push({ product_item_id: item, store_id: store.id as number, quantity });
        });
      });
      for (let n = 1; n <= PHOTO_POSITIONS; n++)
        cat.photos.push({
          product_id: id,
          color_slug: color.slug,
          position: n,
          file: photoFile(c.slug, color.slug, n),
        });
    });

    const slugs = new Set<string>([department, c.slug]);
    for (const col of COLLECTIONS)
      if (col.from.some((f) => c.slug.startsWith(f)) && rand() < col.share) slugs.add(col.slug);
    if (CATALOG_DATE - Date.parse(createdAt) <= 45 * DAY_MS) {
      slugs.add('novidades');
      if (department === 'moda') slugs.add('moda/novidades');
    }
    if (realDiscount >= 30) {
      slugs.add('outlet');
      if (department === 'masculino') slugs.add('masculino/outlet');
    }
    for (const s of [...slugs]) for (const a of ANCESTORS.get(s) ?? []) slugs.add(a);
    for (const s of slugs) cat.listings.push({ slug: s, product_id: id });

    const body = [departmentName, categoryName, c.noun, style, place, ...colors.map((x) => x.name), c.fabric].join(' ');
    cat.fts.push({ rowid: id, name: foldText(name), body: foldText(body) });
    for (const w of new Set(searchWords(`${name} ${body}`))) termCount.set(w, (termCount.get(w) ?? 0) + 1);
  });

  // Gift items (spec: cart item product.gift / gift_coupon): never listed or searchable, given by coupons.
  ['Necessaire Brinde Verão', 'Toalha Brinde Fitness', 'Squeeze Brinde Vitrine'].forEach((name, i) => {
    const id = plan.length + i + 1;
    cat.products.push({
      id,
      slug: slugify(name),
      name,
      description: `${name}: presente exclusivo em compras com cupom.`,
      details: 'Item promocional, não vendido separadamente.',
      department_slug: 'acessorios',
      department_name: 'Acessórios',
      category_slug: 'acessorios/brindes',
      category_name: 'Brindes',
      pre_sale: 0,
      gift: 1,
      price_cents: 4990,
      list_price_cents: 4990,
      discount_pct: 0,
      popularity: 0,
      created_at: new Date(CATALOG_DATE).toISOString(),
    });
    const item = ++itemId;
    cat.items.push({
      id: item,
      product_id: id,
      sku: `VTB${i + 1}-UNI-U`,
      color_slug: 'off-white',
      color_name: 'Off-white',
      color_hex: '#ece6d9',
      size: 'Único',
      size_order: 0,
      list_price_cents: 4990,
      sale_price_cents: 0,
      gift_coupon: 'BRINDEVERAO',
      gtin: null,
    });
    cat.stock.push({ product_item_id: item, store_id: 1, quantity: 200 });
    cat.photos.push({
      product_id: id,
      color_slug: 'off-white',
      position: 1,
      file: photoFile('acessorios/brindes', 'off-white', 1),
    });
  });

  for (const [term, frequency] of termCount) {
    cat.terms.push({ term, frequency });
    if (term.length >= 4) for (const v of deletions(term)) cat.variants.push({ variant: v, term });
  }
  return cat;
}
