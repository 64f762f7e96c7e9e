import { Hono } from 'hono';
import { jsonBody } from '../../http/body';
import { ApplyCashbackSchema, CartIdBodySchema, RemoveCashbackSchema } from '../../contracts/promotions';
import { PROMOTION_MESSAGES } from '../../lib/messages/promotions';
import type { AppEnv } from '../../env';

export const cashbackRoutes = new Hono<AppEnv>()
  .post('/cashback', async (c) => {
    // Spec §8: a refused cashback (0, negative, not a number) carries its 'Cashback inválido!' title.
    const body = await jsonBody(c, ApplyCashbackSchema, PROMOTION_MESSAGES.cashbackTitle);
    return c.json(await c.var.commerce.applyCashback({ cartId: body.shoppingCart, cashback: body.cashback }));
  })
  .post('/cashback/remove', async (c) =>
    c.json(await c.var.commerce.removeCashback((await jsonBody(c, RemoveCashbackSchema)).hash)),
  )
  .post('/cashback/toEvaluate', async (c) =>
    c.json(await c.var.commerce.cashbackToEvaluate((await jsonBody(c, CartIdBodySchema)).cartId)),
  );
