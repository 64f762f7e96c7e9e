import { embeddedAffiliate } from './affiliate/embedded';
import { embeddedBackoffice, staffDepsOf } from './backoffice/embedded';
import { staffGate } from './staff/service';
import { embeddedStockAdmin } from './stock-admin/embedded';
import { embeddedCatalogAdmin } from './catalog-admin/embedded';
import { embeddedCatalogImport } from './catalog-import/embedded';
import { embeddedPromotionsAdmin } from './promotions-admin/embedded';
import { embeddedContentAdmin } from './content-admin/embedded';
import { embeddedCustomersAdmin } from './customers-admin/embedded';
import { cartDeps, embeddedCart } from './cart/embedded';
import { embeddedCatalog } from './catalog/embedded';
import { embeddedCustomers } from './customers/embedded';
import { embeddedFeed } from './feed/embedded';
import { embeddedLeads } from './leads/embedded';
import { embeddedMenus } from './menus/embedded';
import { embeddedOrders } from './orders/embedded';
import { embeddedParameters } from './parameters/embedded';
import type { ProviderSet } from './payments/provider';
import type { PaymentsConfig } from './payments/sandbox/payments-config';
import type { CommercePort } from './port';
import { embeddedProduct } from './product/embedded';
import { embeddedSearch } from './search/embedded';
import { embeddedShipping } from './shipping/embedded';
import { embeddedSitemap } from './sitemap/embedded';
import { embeddedWhatsapp } from './whatsapp/embedded';

export interface EmbeddedOptions {
  maxItemAmount: number;
  /** The shopper's session token (cookie `token` or Bearer); resolved to a customer on demand. */
  token?: string | null;
  /** The request's id (ADR 0020): the back office's audit rows carry it. */
  requestId?: string;
  /** Origin for links in e-mails (password reset). */
  siteUrl?: string;
  /** Card service and sandbox switches from the env (payments providers). */
  payments?: Partial<PaymentsConfig>;
  /** The payment adapters of this request's mode (sandbox simulators or configured live providers). */
  providers?: ProviderSet;
  /** This site's origin (return URLs at payment providers). */
  origin?: string;
  /** The D1 binding itself, for the reads that must not come from a lagging replica (ADR 0019); else `db`. */
  primary?: D1Database;
}

/**
 * The in-process backend on D1 for one request: only assembles each domain's embedded slice (its
 * `<domain>/embedded.ts` wires the domain's repos into its services). The cart's dependencies are shared
 * by the slices that read the cart (shipping, orders), and shipping's re-quote is handed to the cart's
 * reprocess.
 */
export function embeddedCommerce(db: D1Database, options: EmbeddedOptions): CommercePort {
  const carts = cartDeps(db, options);
  const { refreshShipping, ...shipping } = embeddedShipping(db, carts);
  const staff = staffDepsOf(db, options);
  const gate = staffGate(staff);
  return {
    ...embeddedCustomers(db, options),
    ...embeddedBackoffice(db, options, staff),
    ...embeddedStockAdmin(db, gate),
    ...embeddedCatalogAdmin(db, gate),
    ...embeddedCatalogImport(db, gate),
    ...embeddedPromotionsAdmin(db, gate),
    ...embeddedContentAdmin(db, gate),
    ...embeddedCustomersAdmin(db, gate),
    ...embeddedParameters(db),
    ...embeddedMenus(db),
    ...embeddedWhatsapp(db),
    ...embeddedSitemap(db),
    ...embeddedFeed(db),
    ...embeddedCatalog(db, options.primary),
    ...embeddedSearch(db, options.primary),
    ...embeddedProduct(db),
    ...embeddedCart(db, carts, refreshShipping),
    ...shipping,
    ...embeddedOrders(db, carts, options),
    ...embeddedAffiliate(db),
    ...embeddedLeads(db),
  };
}
