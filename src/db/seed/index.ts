import { DAY_MS } from '../../lib/format/dates';
import { catalogSql, sqlLiteral } from './catalog-sql';
import menuTopo from './menu-topo.json';
import { promotionStatements } from './promotions';
import { operatorStatements } from './operator';

/** One parameterised statement of the seed; the same list feeds wrangler (as SQL text) and tests (batch). */
export interface SeedStatement {
  sql: string;
  params: (string | number | null)[];
}

interface SeedMenuItem {
  id?: number;
  name: string;
  slug: string;
  url?: string;
  type_link?: string;
  destiny_link?: string;
  display_type?: string;
  image?: string;
  content_button?: string;
  color_item?: string;
  items?: SeedMenuItem[];
}

/** Operator parameters (spec §3 keys). The promotion runs for five days from seeding. */
export function seedParameters(now: Date): Record<string, string> {
  return {
    start_hours_promotion: new Date(now.getTime() + 5 * DAY_MS).toISOString(),
    has_timer_promotion: '1',
    text_promotion_home: '<strong>Semana do Verão:</strong> até 40% off em moda praia',
    link_promotion: '/moda-praia',
    text_button_promotion: 'Aproveitar',
    coupon_code_promotion: 'VERAO10',
    whatsapp_button_link:
      'https://api.whatsapp.com/send?phone=5511987654321&text=Ol%C3%A1!%20Quero%20comprar%20pelo%20WhatsApp',
    whatsapp_number: '5511987654321',
    whatsapp_message: 'Olá! Quero comprar pelo WhatsApp.',
    mobile_application_ios_url: 'https://apps.apple.com/br/app/vitrine/id1500000000',
    mobile_application_android_url: 'https://play.google.com/store/apps/details?id=br.com.vitrine.app',
  };
}

export const MENU_TOPO_ID = 1;

function menuStatements(
  items: SeedMenuItem[],
  parent: number | null,
  depth: number,
  ids: { next: number },
): SeedStatement[] {
  return items.flatMap((item, position) => {
    const id = item.id ?? ids.next++;
    const row: SeedStatement = {
      sql: `INSERT INTO menu_items (id, menu_id, parent_id, depth, position, name, url, id_slug, type_link, destiny_link,
              display_type, color_item, css_class, image, icon, content_button)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, NULL, ?)`,
      params: [
        id,
        MENU_TOPO_ID,
        parent,
        depth,
        position,
        item.name,
        item.url ?? null,
        item.slug,
        item.type_link ?? null,
        item.destiny_link ?? null,
        item.display_type ?? 'other',
        item.color_item ?? null,
        item.image ?? null,
        item.content_button ?? null,
      ],
    };
    return [row, ...menuStatements(item.items ?? [], id, depth + 1, ids)];
  });
}

export interface SeedOptions {
  /** Catalog size (`SEED_PRODUCTS`); 320 by default, 10,000 for benchmarks. */
  products?: number;
}

/** The whole seed, deterministic but for the promotion's end date (relative to `now`). */
export function seedStatements(now: Date, options: SeedOptions = {}): SeedStatement[] {
  return [
    // Re-seeding replaces the catalog, so whatever references it (carts) goes first.
    { sql: 'DELETE FROM order_access_tokens', params: [] },
    { sql: 'DELETE FROM payment_refunds', params: [] },
    { sql: 'DELETE FROM order_events', params: [] },
    { sql: 'DELETE FROM order_items', params: [] },
    { sql: 'DELETE FROM orders', params: [] },
    { sql: 'DELETE FROM payments', params: [] },
    { sql: 'DELETE FROM coupon_reservations', params: [] },
    { sql: 'DELETE FROM favorites', params: [] },
    { sql: 'DELETE FROM cart_items', params: [] },
    { sql: 'DELETE FROM carts', params: [] },
    // The back office's content history describes the content replaced here (ADR 0033): it goes too.
    { sql: 'DELETE FROM content_releases', params: [] },
    { sql: 'UPDATE content_draft SET body = NULL, version = version + 1 WHERE id = 1', params: [] },
    { sql: 'DELETE FROM menu_items', params: [] },
    { sql: 'DELETE FROM menus', params: [] },
    { sql: 'DELETE FROM parameters', params: [] },
    ...Object.entries(seedParameters(now)).map(([key, value]) => ({
      sql: 'INSERT INTO parameters (key, value) VALUES (?, ?)',
      params: [key, value],
    })),
    { sql: 'INSERT INTO menus (id, name) VALUES (?, ?)', params: [MENU_TOPO_ID, 'Menu-Topo'] },
    ...menuStatements(menuTopo as SeedMenuItem[], null, 0, { next: 5000 }),
    ...catalogSql(options.products ?? 320).map((sql) => ({ sql, params: [] })),
    ...promotionStatements(now),
    ...operatorStatements(),
  ];
}

/** SQL text for `wrangler d1 execute --file`. */
export function seedSql(now: Date, options: SeedOptions = {}): string {
  return seedStatements(now, options)
    .map(({ sql, params }) => {
      let i = 0;
      return sql.replace(/\s+/g, ' ').replace(/\?/g, () => sqlLiteral(params[i++] ?? null)) + ';';
    })
    .join('\n');
}
