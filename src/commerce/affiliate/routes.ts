import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { jsonBody, parseWith } from '../../api/body';
import { RakutenBodySchema, SiteIdSchema } from '../../contracts/affiliate';
import type { AppEnv } from '../../env';
import { CART_COOKIE } from '../cart/routes';

/** The visit's Rakuten site id, kept so a cart created later in the visit is attributed too. */
export const AFFILIATE_COOKIE = 'ran_site_id';
const THIRTY_DAYS = 60 * 60 * 24 * 30;

export const affiliateRoutes = new Hono<AppEnv>().post('/rakuten', async (c) => {
  const siteID = parseWith(SiteIdSchema, c.req.query('siteID'));
  const body = await jsonBody(c, RakutenBodySchema);
  const result = await c.var.commerce.recordAffiliate({ siteID, cartId: body.cartId ?? getCookie(c, CART_COOKIE) ?? null });
  const secure = new URL(c.req.url).protocol === 'https:';
  setCookie(c, AFFILIATE_COOKIE, siteID, { path: '/', sameSite: 'Strict', httpOnly: true, secure, maxAge: THIRTY_DAYS });
  return c.json(result);
});
