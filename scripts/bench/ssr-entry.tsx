// Renders the real home page tree (document, shell, header island, home) from the seed data, once
// with renderToReadableStream (what the worker does) and once with renderToString, to compare CPU cost.
import { renderToReadableStream, renderToString } from 'react-dom/server.edge';
import { createStores, type Bootstrap } from '../../client/stores';
import { buildTree } from '../../src/commerce/menus/service';
import type { MenuItemRow } from '../../src/commerce/menus/repo';
import { seedParameters, seedStatements } from '../../src/db/seed';
import { toNavItems } from '../../src/lib/menu/nav';
import { promotionFrom } from '../../src/lib/catalog/promotion';
import { Document } from '../../src/pages/document';
import { HomePage } from '../../src/pages/home';
import { sanitizeHtml } from '../../src/html/sanitize';
import { Shell } from '../../src/pages/shell';
import type { ShellData } from '../../src/pages/shell-data';

const COLUMNS = [
  'id',
  'menu_id',
  'parent_id',
  'depth',
  'position',
  'name',
  'url',
  'id_slug',
  'type_link',
  'destiny_link',
  'display_type',
  'color_item',
  'image',
  'content_button',
];

function shellData(): ShellData {
  const now = new Date();
  const rows = seedStatements(now)
    .filter((s) => s.sql.startsWith('INSERT INTO menu_items'))
    .map((s) => {
      const row = Object.fromEntries(COLUMNS.map((c, i) => [c, s.params[i] ?? null]));
      return { ...row, css_class: null, icon: null } as unknown as MenuItemRow & { depth: number };
    })
    .sort((a, b) => a.depth - b.depth);
  const menu = buildTree(rows);
  const parameters = new Map(Object.entries(seedParameters(now)));
  const promotion = promotionFrom(parameters, now.getTime());
  return {
    menu,
    parameters,
    header: {
      menu: toNavItems(menu, '/images'),
      promotion: promotion ? { ...promotion, html: sanitizeHtml(promotion.html) } : null,
      transparent: true,
      whatsappUrl: 'https://api.whatsapp.com/send?phone=5511987654321',
    },
  };
}

const shell = shellData();

function page() {
  const bootstrap: Bootstrap = { session: { user: null }, cart: { count: 0 }, appMode: false };
  return (
    <Document
      meta={{ title: 'Vitrine', description: 'Bench', canonicalPath: '/' }}
      siteUrl="https://www.vitrine.com.br"
      nonce="bench-nonce"
      noindex={false}
      bodyClass="home"
      bootstrap={bootstrap}
      stores={createStores(bootstrap)}
    >
      <Shell header={shell.header}>
        <HomePage shell={shell} />
      </Shell>
    </Document>
  );
}

export function renderString(): number {
  return renderToString(page()).length;
}

export async function renderStream(): Promise<number> {
  const stream = await renderToReadableStream(page(), { nonce: 'bench-nonce' });
  const reader = stream.getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes += value.byteLength;
  }
}
