import type { OperatorCheck, StockAdminPort } from './port';
import { stockAdminRepo } from './repo';
import { adjustStock, stockOfSku, stockPage } from './service';

/** The embedded (D1) stock back office; every call checks the operator first. */
export function embeddedStockAdmin(db: D1Database, operator: OperatorCheck): StockAdminPort {
  const repo = stockAdminRepo(db);
  return {
    backofficeStock: async (query) => (await operator(), stockPage(repo, query)),
    backofficeStockSku: async (sku) => (await operator(), stockOfSku(repo, sku)),
    backofficeStockAdjust: async (input) => {
      const who = await operator();
      return adjustStock(repo, input, { staffId: who.id, now: new Date() });
    },
  };
}
