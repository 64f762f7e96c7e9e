import type { StockReason } from './stock-admin';

/** What the stock back office answers. */
export interface StockLocation {
  store: string;
  storeName: string;
  quantity: number;
  version: number;
}

export interface StockSku {
  sku: string;
  productId: number;
  productName: string;
  colorName: string;
  size: string;
  locations: StockLocation[];
}

export interface StockLogEntry {
  id: number;
  sku: string;
  store: string;
  reason: StockReason;
  reasonLabel: string;
  note: string | null;
  before: number;
  after: number;
  staffId: number | null;
  createdAt: string;
}

export interface StockPage {
  items: StockSku[];
  total: number;
  page: number;
  pageSize: number;
}

/** What an adjustment changed, as plain objects (the audit log's before/after). */
export interface StockAdjusted {
  sku: StockSku;
  entry: StockLogEntry;
  before: { quantity: number };
  after: { quantity: number };
}
