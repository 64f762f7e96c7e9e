import { DomainError } from '../domain-error';
import { UPSTREAM_OWNS_STOCK, type StockAdminPort } from './port';

/** With COMMERCE_API_URL the upstream owns stock: nothing here reads or changes it. */
export function upstreamStockAdmin(): StockAdminPort {
  const owned = () => Promise.reject(new DomainError('CONFLICT', UPSTREAM_OWNS_STOCK));
  return { backofficeStock: owned, backofficeStockSku: owned, backofficeStockAdjust: owned };
}
