import { Hono } from 'hono';
import { z } from 'zod';
import { jsonBody, parseWith } from '../../http/body';
import {
  AddFavoriteSchema,
  AddressInputSchema,
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ProfileUpdateSchema,
  RegisterSchema,
  ResetPasswordSchema,
} from '../../contracts/customers';
import { fieldErrors } from '../../contracts/customer-forms';
import type { AppEnv } from '../../env';
import { DomainError } from '../domain-error';
import { flushOutbox } from '../../http/mail';
import { clearSessionCookies, clientIp, setSessionCookies } from '../../http/cookies';

const IdParam = z.coerce
  .number({ error: 'Identificador inválido.' })
  .int('Identificador inválido.')
  .positive('Identificador inválido.')
  .max(2 ** 31);
const id = (raw: string) => parseWith(IdParam, raw);

/**
 * Calls that set or clear the session cookies. The worker owns them in both modes (they run before
 * the upstream proxy, which strips upstream cookies): the adapter returns the token, we set the cookie.
 */
export const authRoutes = new Hono<AppEnv>()
  .post('/register', async (c) => {
    const parsed = RegisterSchema.safeParse(await jsonBody(c, z.unknown()));
    // Every field's message (as /cadastro without JS answers), so the form marks each invalid field.
    if (!parsed.success)
      throw new DomainError('VALIDATION', parsed.error.issues[0]!.message, undefined, {
        fields: fieldErrors(parsed.error),
      });
    const result = await c.var.commerce.register(parsed.data, { ip: clientIp(c) });
    setSessionCookies(c, result.token, result.user);
    return c.json(result, 201);
  })
  .post('/login', async (c) => {
    const result = await c.var.commerce.login(await jsonBody(c, LoginSchema), { ip: clientIp(c) });
    setSessionCookies(c, result.token, result.user);
    return c.json(result);
  })
  .post('/logout', async (c) => {
    // Clearing the cookies must not depend on the backend answering.
    const result = await c.var.commerce.logout().catch(() => ({ message: 'Você saiu da sua conta.' }));
    clearSessionCookies(c);
    return c.json(result);
  });

/** Session, profile and password-recovery calls (proxied as they are in upstream mode). */
export const customerRoutes = new Hono<AppEnv>()
  .get('/me', async (c) => c.json(await c.var.commerce.me()))
  .get('/cashback/statement', async (c) => c.json(await c.var.commerce.cashbackStatement()))
  .get('/sales', async (c) => c.json(await c.var.commerce.sales()))
  .put('/me', async (c) => c.json(await c.var.commerce.updateProfile(await jsonBody(c, ProfileUpdateSchema))))
  .post('/me/password', async (c) =>
    c.json(await c.var.commerce.changePassword(await jsonBody(c, ChangePasswordSchema))),
  )
  .post('/password/forgot', async (c) => {
    const result = await c.var.commerce.forgotPassword(await jsonBody(c, ForgotPasswordSchema));
    flushOutbox(c);
    return c.json(result);
  })
  .post('/password/reset', async (c) =>
    c.json(await c.var.commerce.resetPassword(await jsonBody(c, ResetPasswordSchema))),
  );

/** Spec §7 favorites; `{id}` is the product item id (what the favorites cookie holds). */
export const favoritesRoutes = new Hono<AppEnv>()
  .get('/favorites', async (c) => c.json(await c.var.commerce.favorites({ pdc: c.req.query('pdc') === 'true' })))
  .post('/favorites', async (c) => {
    const body = await jsonBody(c, AddFavoriteSchema);
    return c.json(
      await c.var.commerce.addFavorite({ productItemId: body.product_item_id, sizeChosen: body.size_chosen ?? true }),
    );
  })
  .delete('/favorites/:id', async (c) => c.json(await c.var.commerce.removeFavorite(id(c.req.param('id')))));

export const addressesRoutes = new Hono<AppEnv>()
  .get('/addresses', async (c) => c.json(await c.var.commerce.addresses()))
  .post('/addresses', async (c) => c.json(await c.var.commerce.addAddress(await jsonBody(c, AddressInputSchema)), 201))
  .put('/addresses/:id', async (c) =>
    c.json(await c.var.commerce.updateAddress(id(c.req.param('id')), await jsonBody(c, AddressInputSchema))),
  )
  .post('/addresses/:id/default', async (c) => c.json(await c.var.commerce.setDefaultAddress(id(c.req.param('id')))))
  .delete('/addresses/:id', async (c) => c.json(await c.var.commerce.removeAddress(id(c.req.param('id')))));
