import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { jsonBody, parseWith } from '../../http/body';
import { RakutenBodySchema, SiteIdSchema } from '../../contracts/affiliate';
import type { AppEnv } from '../../env';
import { COOKIE, setSiteCookie, THIRTY_DAYS } from '../../http/cookies';

export const affiliateRoutes = new Hono<AppEnv>().post('/rakuten', async (c) => {
  const siteID = parseWith(SiteIdSchema, c.req.query('siteID'));
  const body = await jsonBody(c, RakutenBodySchema);
  const result = await c.var.commerce.recordAffiliate({
    siteID,
    cartId: body.cartId ?? getCookie(c, COOKIE.cart) ?? null,
  });
  setSiteCookie(c, COOKIE.affiliate, siteID, { maxAge: THIRTY_DAYS });
  return c.json(result);
});
