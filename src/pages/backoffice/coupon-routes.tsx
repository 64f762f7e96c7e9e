import { Hono, type Context } from 'hono';
import {
  CouponSaveSchema,
  PROMOTIONS_ADMIN_MESSAGES as M,
  PromotionEndSchema,
  SellerSaveSchema,
  type CouponSave,
  type SellerSave,
} from '../../contracts/promotions-admin';
import type { AppEnv } from '../../env';
import { failure, readForm } from '../account/forms';
import { notFound } from '../not-found';
import { COUPONS, couponFormValues, couponInput, SELLERS } from './coupon-input';
import { couponPage, listPage, owned, sellerPage, upstream } from './coupon-pages';
import { asStaff, formRoutes, idParam } from './operator-frame';
import { sellerFormValues, sellerInput } from './seller-input';
import { changedSince } from './stale-form';

type Fields = Record<string, string | undefined>;

/** A stale form's 409: the current values in the form and which fields moved since it was shown. */
const staleMessage = (shown: string | undefined, now: Fields) => {
  const changed = changedSince(shown, now);
  return changed.length ? `${M.stale} Alterado: ${changed.join(', ')}.` : M.stale;
};

interface SaveSpec {
  parse: (
    values: Fields,
    id: number | undefined,
  ) => { success: true; data: unknown } | { success: false; error: { issues: { message: string }[] } };
  call: (c: Context<AppEnv>, data: unknown) => Promise<{ id: number }>;
  current: (c: Context<AppEnv>, id: number) => Promise<Fields>;
  render: typeof couponPage;
  base: string;
}

/** A coupon's or seller's save (`id` from the path: null for a new one); a stale form's 409 says what changed. */
const save = (spec: SaveSpec, which: (c: Context<AppEnv>) => number | null) =>
  asStaff('promotions:write', async (c, operator) => {
    const id = which(c);
    if (upstream(c)) return owned(c, operator, 409);
    const values = await readForm(c);
    const parsed = spec.parse(values, id ?? undefined);
    if (!parsed.success) return spec.render(c, operator, id, { error: parsed.error.issues[0]!.message, values }, 400);
    try {
      const result = await spec.call(c, parsed.data);
      return c.redirect(`${spec.base}/${result.id}?ok=1`, 303);
    } catch (error) {
      const { status, message } = failure(error, c);
      if (status === 404) return notFound(c);
      if (status === 409 && message === M.stale && id !== null) {
        return spec.render(
          c,
          operator,
          id,
          { error: staleMessage(values.shown, await spec.current(c, id)), values: null },
          409,
        );
      }
      return spec.render(c, operator, id, { error: message, values }, status);
    }
  });

const COUPON_SAVE: SaveSpec = {
  parse: (values, id) => CouponSaveSchema.safeParse(couponInput(values, id)),
  call: (c, data) => c.var.commerce.backofficeCouponSave(data as CouponSave),
  current: async (c, id) => couponFormValues(await c.var.commerce.backofficeCoupon(id)),
  render: couponPage,
  base: COUPONS,
};
const SELLER_SAVE: SaveSpec = {
  parse: (values, id) => SellerSaveSchema.safeParse(sellerInput(values, id)),
  call: (c, data) => c.var.commerce.backofficeSellerSave(data as SellerSave),
  current: async (c, id) => sellerFormValues(await c.var.commerce.backofficeSeller(id)),
  render: sellerPage,
  base: SELLERS,
};

/** /painel/cupons: coupons and seller codes with their usage; create, edit, end (no JS needed). */
export const couponRoutes = new Hono<AppEnv>()
  .get(COUPONS, asStaff(null, listPage))
  .route(
    '/',
    formRoutes(COUPONS, couponPage, (which) => save(COUPON_SAVE, which)),
  )
  .post(
    `${COUPONS}/:id{[0-9]{1,9}}/encerrar`,
    asStaff('promotions:write', async (c, operator) => {
      const id = idParam(c);
      if (upstream(c)) return owned(c, operator, 409);
      const values = await readForm(c);
      const parsed = PromotionEndSchema.safeParse({
        id,
        version: /^\d{1,10}$/.test(values.version ?? '') ? Number(values.version) : undefined,
      });
      if (!parsed.success)
        return couponPage(c, operator, id, { error: parsed.error.issues[0]!.message, values: null }, 400);
      try {
        await c.var.commerce.backofficeCouponEnd(parsed.data);
        return c.redirect(`${COUPONS}/${id}?ok=1`, 303);
      } catch (error) {
        const { status, message } = failure(error, c);
        return status === 404 ? notFound(c) : couponPage(c, operator, id, { error: message, values: null }, status);
      }
    }),
  )
  .route(
    '/',
    formRoutes(SELLERS, sellerPage, (which) => save(SELLER_SAVE, which)),
  );
