import type { StaffGate } from '../staff/service';
import type { StockAdminPort } from './port';
import { stockAdminRepo } from './repo';
import { adjustStock, stockOfSku, stockPage } from './service';

/** The embedded (D1) stock back office: reads for any staff member; an adjustment needs `stock:write` and is audited. */
export function embeddedStockAdmin(db: D1Database, staff: StaffGate): StockAdminPort {
  const repo = stockAdminRepo(db);
  return {
    backofficeStock: async (query) => (await staff.read(), stockPage(repo, query)),
    backofficeStockSku: async (sku) => (await staff.read(), stockOfSku(repo, sku)),
    backofficeStockAdjust: async (input) => {
      const { operator, row } = await staff.write('stock:write');
      // The adjustment's batch aborts on its version guard, so its audit row (in the same batch) is written exactly
      // when the adjustment is, with the quantity before and after.
      return adjustStock(repo, input, { staffId: operator.id, now: new Date() }, ({ before, after }) => [
        row({
          action: 'stock.adjust',
          entity: 'stock',
          entityId: `${input.sku}@${input.store}`,
          before,
          after: { ...after, reason: input.reason },
        }),
      ]);
    },
  };
}
