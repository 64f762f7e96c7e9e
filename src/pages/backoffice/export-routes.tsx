import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { storeDay } from '../../lib/format/dates';
import { asStaff, page } from './operator-frame';
import { UpstreamOwns } from './stock-log';

/** The catalog's CSV download (Vitrine's template): any staff member, like the product list it mirrors. */
export const EXPORT_PATH = '/painel/exportar';

/** /painel/exportar: the catalog as a CSV file, which /painel/importar takes back as "0 novos, 0 alterados". */
export const exportRoutes = new Hono<AppEnv>().get(
  EXPORT_PATH,
  asStaff(null, async (c, operator) => {
    if (c.var.config.upstream !== null)
      return page(c, operator, EXPORT_PATH, 'Exportar produtos (CSV)', <UpstreamOwns what="o catálogo" />);
    const csv = await c.var.commerce.backofficeCatalogExport();
    // A UTF-8 BOM first: spreadsheets then read the accents (the import ignores it).
    return c.body(`\uFEFF${csv}`, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="produtos-${storeDay(new Date())}.csv"`,
      'cache-control': 'private, no-store',
    });
  }),
);
