import type { Operator } from '../../contracts/backoffice';
import type {
  StockAdjusted,
  StockAdjustment,
  StockLogEntry,
  StockPage,
  StockQuery,
  StockSku,
} from '../../contracts/stock-admin';

/**
 * Stock per location in the back office. Every call needs the operator (401/403 like the rest of
 * `/painel`). Embedded backend only: with COMMERCE_API_URL the upstream owns stock, and these answer
 * `CONFLICT` with UPSTREAM_OWNS_STOCK (the pages say so before calling).
 */
export interface StockAdminPort {
  backofficeStock(query: StockQuery): Promise<StockPage>;
  backofficeStockSku(sku: string): Promise<{ sku: StockSku; log: StockLogEntry[] }>;
  /** One adjustment, one guarded batch; a stale `version` is `CONFLICT` saying what changed. */
  backofficeStockAdjust(input: StockAdjustment): Promise<StockAdjusted>;
}

export const UPSTREAM_OWNS_STOCK =
  'Esta loja usa um backend externo (COMMERCE_API_URL): o estoque pertence a ele. Faça as alterações por lá; nada foi alterado aqui.';

export type OperatorCheck = () => Promise<Operator>;
