import type { FeedItem } from '../../contracts/feed';
import { validGtin } from '../catalog/gtin';
import { productImage } from '../site/images';
import { DAY_MS, storeDay, storeOffset, storeTime } from '../format/dates';
import { centsToDecimal } from '../format/money';
import { absoluteUrl, BRAND, productUrl, type SiteUrls } from './structured-data';

/**
 * Google Merchant Center product data for one variant (apparel sold in Brazil): the attributes Google requires per
 * variant, with values in its enumerations, read from what the store sells (the same price, stock rule and shipping
 * quote the product page and the checkout use).
 */

export type FeedAvailability = 'in_stock' | 'out_of_stock';
export type Gender = 'male' | 'female' | 'unisex';

/**
 * In stock when a store holds a unit (the product page's rule). Pre-sale products are sold from stock here, so they
 * are `in_stock` too: Google's `preorder` needs an `availability_date` the catalogue does not have.
 */
export const feedAvailability = (available: boolean): FeedAvailability => (available ? 'in_stock' : 'out_of_stock');

/** `xx.xx BRL`. */
export const feedMoney = (cents: number): string => `${centsToDecimal(cents)} BRL`;

/** The menu's men's department is for men, accessories for anyone, the rest of the catalogue for women. */
export function genderOf(departmentSlug: string): Gender {
  if (departmentSlug === 'masculino') return 'male';
  return departmentSlug === 'acessorios' ? 'unisex' : 'female';
}

/** The product page with this variant selected (`?cor=&tamanho=`, lib/product-selection). */
export function variantUrl(siteUrl: string, slug: string, color: string, size: string): string {
  return `${productUrl(siteUrl, slug)}?cor=${encodeURIComponent(color)}&tamanho=${encodeURIComponent(size)}`;
}

/** A variant's name: Google asks for the colour and size in each variant's title. */
export const variantTitle = (name: string, colorName: string, size: string): string =>
  `${name} - ${colorName} - ${size}`;

/**
 * The photo size the feed links: 750 × 1125, above Google's 500 × 500 minimum for apparel, the plain product photo (the
 * page's badges and prices are HTML over it, never burnt in).
 */
export const FEED_IMAGE_VARIANT = 'detail' as const;

const SALE_WINDOW_DAYS = 7;

/**
 * When a sale price applies: from the start of today in São Paulo for a week. The catalogue keeps no end for a sale
 * (it lasts until the price changes, which renders the feed again), so the window is renewed by every fetch and only
 * matters if Google stops fetching: the sale price then lapses rather than being shown indefinitely.
 */
export function saleWindow(now: Date): string {
  const start = storeDay(now);
  const from = storeTime(start, '00:00:00');
  const until = new Date(from.getTime() + SALE_WINDOW_DAYS * DAY_MS);
  const end = storeDay(until);
  return `${start}T00:00${storeOffset(from)}/${end}T00:00${storeOffset(until)}`;
}

export interface FeedShipping {
  country: 'BR';
  service: string;
  price: string;
}

/** One variant's attributes in Google's names, in a fixed order (the TSV's columns); absent ones are left out. */
export interface FeedAttributes {
  id: string;
  title: string;
  description: string;
  link: string;
  image_link: string;
  availability: FeedAvailability;
  price: string;
  sale_price?: string;
  sale_price_effective_date?: string;
  condition: 'new';
  brand: string;
  gtin?: string;
  identifier_exists?: 'no';
  gender: Gender;
  age_group: 'adult';
  color: string;
  size: string;
  size_system: 'BR';
  item_group_id: string;
  product_type: string;
  shipping: FeedShipping[];
}

export const FEED_COLUMNS: (keyof FeedAttributes)[] = [
  'id',
  'title',
  'description',
  'link',
  'image_link',
  'availability',
  'price',
  'sale_price',
  'sale_price_effective_date',
  'condition',
  'brand',
  'gtin',
  'identifier_exists',
  'gender',
  'age_group',
  'color',
  'size',
  'size_system',
  'item_group_id',
  'product_type',
  'shipping',
];

/** The product-level code the page's JSON-LD calls `productGroupID` and the feed `item_group_id`. */
export const productGroupId = (productId: number): string => String(productId).padStart(5, '0');

const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;

export function feedAttributes(item: FeedItem, urls: SiteUrls, now: Date): FeedAttributes {
  const onSale = item.listPriceCents > item.priceCents;
  const gtin = validGtin(item.gtin);
  const imageHost = absoluteUrl(urls.siteUrl, urls.imageHost);
  return {
    id: item.sku,
    title: variantTitle(item.name, item.colorName, item.size).slice(0, TITLE_MAX),
    description: (item.description || item.name).slice(0, DESCRIPTION_MAX),
    link: variantUrl(urls.siteUrl, item.slug, item.colorSlug, item.size),
    image_link: item.photo ? productImage(imageHost, item.photo, FEED_IMAGE_VARIANT) : '',
    availability: feedAvailability(item.available),
    // A sale is the list price struck through and the price paid as `sale_price`, for the window it applies.
    price: feedMoney(onSale ? item.listPriceCents : item.priceCents),
    ...(onSale ? { sale_price: feedMoney(item.priceCents), sale_price_effective_date: saleWindow(now) } : {}),
    condition: 'new',
    brand: BRAND,
    ...(gtin ? { gtin } : { identifier_exists: 'no' as const }),
    gender: genderOf(item.departmentSlug),
    age_group: 'adult',
    color: item.colorName,
    size: item.size,
    size_system: 'BR',
    item_group_id: productGroupId(item.productId),
    product_type: item.category,
    shipping: item.shipping.map((s) => ({ country: 'BR', service: s.service, price: feedMoney(s.priceCents) })),
  };
}
