import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { jsonBody, parseWith } from '../../api/body';
import { AFFILIATE_COOKIE, RakutenBodySchema, SiteIdSchema } from '../../contracts/affiliate';
import type { AppEnv } from '../../env';
import { CART_COOKIE } from '../cart/routes';

const THIRTY_DAYS = 60 * 60 * 24 * 30;

export const affiliateRoutes = new Hono<AppEnv>().post('/rakuten', async (c) => {
  const siteID = parseWith(SiteIdSchema, c.req.query('siteID'));
  const body = await jsonBody(c, RakutenBodySchema);
  const result = await c.var.commerce.recordAffiliate({ siteID, cartId: body.cartId ?? getCookie(c, CART_COOKIE) ?? null });
  const secure = new URL(c.req.url).protocol === 'https:';
  setCookie(c, AFFILIATE_COOKIE, siteID, { path: '/', sameSite: 'Strict', httpOnly: true, secure, maxAge: THIRTY_DAYS });
  return c.json(result);
});
