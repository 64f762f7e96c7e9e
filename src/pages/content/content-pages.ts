import { APP_DOWNLOAD_PAGE, APP_PAGE } from './app-pages';
import { LIVE_FRIDAY_PAGE, WHATSAPP_PAGE } from './campaign-pages';
import type { ContentPage } from './content-page';
import { CASHBACK_PAGE, SIGN_UP_PAGE } from './customer-pages';
import { DELIVERY_PAGE } from './delivery-page';
import { FAQ_PAGE } from './faq-page';
import { PAYMENT_PAGE } from './payment-page';

/**
 * Spec routes whose page is content; issue-specific pages replace their entry with a richer one.
 * Texts follow the spec's business constants (§9): free express shipping above R$ 499, 10% cashback,
 * 10% off with a seller coupon, payment methods of §3. One file per page (or pair of pages) of copy.
 */
export const CONTENT_PAGES: ContentPage[] = [
  DELIVERY_PAGE,
  PAYMENT_PAGE,
  WHATSAPP_PAGE,
  LIVE_FRIDAY_PAGE,
  FAQ_PAGE,
  CASHBACK_PAGE,
  SIGN_UP_PAGE,
  APP_PAGE,
  APP_DOWNLOAD_PAGE,
];
