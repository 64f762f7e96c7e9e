import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { DomainError } from '../commerce/domain-error';
import { ProductSlugSchema, type ProductDetail } from '../contracts/product';
import type { AppEnv } from '../env';
import { breadcrumbTrail } from '../lib/seo/breadcrumb';
import { normalizeCep } from '../lib/customer/cep';
import { cepProblem } from '../lib/customer/address';
import { CART_TEXT } from '../lib/cart/cart-messages';
import { productImage } from '../lib/site/images';
import { jsonForHtml } from '../lib/security/json';
import { formatBRL } from '../lib/format/money';
import {
  COLOR_COOKIE,
  resolveSelection,
  selectedSku,
  sizesFor,
  type Selection,
} from '../lib/catalog/product-selection';
import { Breadcrumb } from '../ui/product/breadcrumb';
import { ProductSections } from '../ui/product/sections';
import type { InitialShipping } from '../../client/islands/product/product-shipping';
import type { AddedStandInProps } from '../../client/page-scripts/added-stand-in';
import { ProductPurchase } from '../../client/islands/product/product-purchase';
import { LazyIsland } from './lazy-island';
import { PageScript } from './page-script';
import { viewItemEvent } from '../lib/analytics/ga4-events';
import { NOT_FOUND_META, NotFoundPage, notFound } from './not-found';
import { absoluteUrl, breadcrumbJsonLd } from '../lib/seo/structured-data';
import { productPageJsonLd } from './product-json-ld';
import { renderLoaded } from './render';
import { loadShell } from './shell-data';
import { CART_MESSAGES } from '../lib/messages/cart';

async function loadProduct(c: Context<AppEnv>, slug: string): Promise<ProductDetail | null> {
  try {
    return await c.var.commerce.product(slug);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/** `?cep=` from the no-JavaScript form: quote on the server so the answer is in the HTML. */
async function initialShipping(
  c: Context<AppEnv>,
  product: ProductDetail,
  selection: Selection,
): Promise<InitialShipping | null> {
  const raw = c.req.query('cep');
  if (raw === undefined) return null;
  const cep = normalizeCep(raw).slice(0, 8);
  const invalid = cepProblem(cep, CART_TEXT.cepIncomplete);
  if (invalid) return { cep, result: null, problem: { message: invalid } };
  const sku = selectedSku(product, selection) ?? sizesFor(product, selection.color).find((s) => s.available)?.sku;
  if (!sku) return null;
  try {
    return { cep, result: await c.var.commerce.omnichannel({ zip_code: cep, sku: sku.sku }), problem: null };
  } catch (error) {
    if (error instanceof DomainError && error.code !== 'UPSTREAM_TIMEOUT' && error.code !== 'UPSTREAM_UNAVAILABLE') {
      return { cep, result: null, problem: { title: error.title, message: error.message } };
    }
    return { cep, result: null, problem: { message: CART_MESSAGES.shippingFailed } };
  }
}

/** What the cart popover shows for the page's colour and each of its sizes (client/page-scripts/added-stand-in.ts). */
function addedStandInProps(product: ProductDetail, selection: Selection, imageHost: string): AddedStandInProps {
  const photo = product.colors.find((x) => x.slug === selection.color)?.photos[0];
  const prices = Object.fromEntries(
    sizesFor(product, selection.color).map((s) => [s.size, formatBRL(s.sku.priceCents)]),
  );
  return { name: product.name, thumbnail: photo ? productImage(imageHost, photo, 'thumbnail') : null, prices };
}

function summary(text: string): string {
  const first = text.split(/(?<=\.)\s/)[0] ?? text;
  return first.length > 160 ? `${first.slice(0, 157).trimEnd()}…` : first;
}

/**
 * `/<slug>/p`: product and shell load in parallel; an unknown slug is a 404 before any byte is sent.
 * The selection (`?cor=`, `?tamanho=`) is validated against stock; the canonical URL has none.
 */
export async function productPage(c: Context<AppEnv>): Promise<Response> {
  const slug = ProductSlugSchema.safeParse(c.req.param('slug'));
  if (!slug.success) return notFound(c);
  const [product, shell] = await Promise.all([loadProduct(c, slug.data), loadShell(c, { transparent: false })]);
  if (!product) return renderLoaded(c, shell, <NotFoundPage />, { status: 404, meta: NOT_FOUND_META });

  // Spec §3/§9: the colour picked a moment ago (cookie `color_selected`, 100 s) when the URL names none.
  const cor = c.req.query('cor') ?? getCookie(c, COLOR_COOKIE);
  const selection = resolveSelection(product, { cor, tamanho: c.req.query('tamanho') });
  const shipping = await initialShipping(c, product, selection);
  const { siteUrl, imageHost } = c.var.config;
  const path = `/${product.slug}/p`;
  const trail = breadcrumbTrail(product.breadcrumb, product.name);
  const color = product.colors.find((x) => x.slug === selection.color)!;
  const cover = color.photos[0] ?? product.colors.find((x) => x.photos.length)?.photos[0];
  const { description, details, ...summaryProps } = product;
  const jsonLd = [
    productPageJsonLd(product, { siteUrl, imageHost, color: selection.color }),
    breadcrumbJsonLd(
      trail.map((link) => ({ name: link.name, path: link.href ?? path })),
      siteUrl,
    ),
  ];

  return renderLoaded(
    c,
    shell,
    <article className="pdp" data-product-id={product.id}>
      <Breadcrumb trail={trail} />
      <LazyIsland
        name="ProductPurchase"
        component={ProductPurchase}
        props={{ product: summaryProps, selection, imageHost, shipping }}
      />
      {/* Once per page view: the first selection is what the shopper was shown. */}
      <PageScript name="PageView" props={{ event: viewItemEvent(product, selection) }} />
      {/* An add tapped while the islands load shows the cart popover at once (in plain DOM, until the island's). */}
      <PageScript name="AddedStandIn" props={addedStandInProps(product, selection, imageHost)} />
      <ProductSections description={description} details={details} />
      <script
        type="application/ld+json"
        nonce={c.var.nonce}
        dangerouslySetInnerHTML={{ __html: jsonForHtml(jsonLd) }}
      />
    </article>,
    {
      meta: {
        title: product.name,
        description: summary(description),
        canonicalPath: path,
        ogType: 'product',
        image: cover ? absoluteUrl(siteUrl, productImage(imageHost, cover, 'page')) : undefined,
      },
      bodyClass: 'product-page',
    },
  );
}
