import type { Context } from 'hono';
import type { ReactNode } from 'react';
import type { Operator } from '../../contracts/staff';
import type { AppEnv } from '../../env';
import { Notice } from '../../ui/account/auth-layout';
import { failure } from '../account/forms';
import { notFound } from '../not-found';
import { type FormState } from './coded-form';
import { CouponForm, EndCouponForm } from './coupon-form';
import { COUPONS, SELLERS } from './coupon-input';
import { CouponsTable } from './coupons-view';
import { page, type Status } from './operator-frame';
import { SellerForm } from './seller-form';
import { SellersTable } from './sellers-view';
import { UpstreamOwns } from './stock-log';

// The pages of /painel/cupons: the list, a coupon's and a seller code's form (their posts: coupon-routes.tsx).
const TITLE = 'Cupons e vendedores';
export const upstream = (c: Context<AppEnv>) => c.var.config.upstream !== null;
export const owned = (c: Context<AppEnv>, operator: Operator, status: Status = 200) =>
  page(
    c,
    operator,
    COUPONS,
    TITLE,
    <UpstreamOwns what="a gestão de promoções (cupons e códigos de vendedor)" />,
    status,
  );
const saved = (c: Context<AppEnv>) =>
  c.req.query('ok') ? <Notice tone="success">Salvo. A sacola já aplica a alteração.</Notice> : null;

export async function listPage(c: Context<AppEnv>, operator: Operator) {
  if (upstream(c)) return owned(c, operator);
  const [coupons, sellers] = await Promise.all([
    c.var.commerce.backofficeCoupons(),
    c.var.commerce.backofficeSellers(),
  ]);
  return page(
    c,
    operator,
    COUPONS,
    TITLE,
    <>
      <h2>Cupons</h2>
      <p>
        <a className="button button--primary" href={`${COUPONS}/novo`}>
          Novo cupom
        </a>
      </p>
      <CouponsTable coupons={coupons} now={new Date().toISOString()} />
      <h2>Códigos de vendedor</h2>
      <p>
        <a className="button" href={`${SELLERS}/novo`}>
          Novo código de vendedor
        </a>
      </p>
      <SellersTable sellers={sellers} />
    </>,
  );
}

/** Loads a record for its page; NOT_FOUND → null (the page answers 404). */
async function load<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (failure(error).status === 404) return null;
    throw error;
  }
}

/**
 * A coupon's or a seller code's page handler: `id` null is the "new" form; an id that names no record answers 404.
 * `body` draws the record's lines and forms below the saved notice.
 */
const recordPage =
  <T,>(
    read: (c: Context<AppEnv>, id: number) => Promise<T>,
    title: (record: T | null) => string,
    body: (record: T | null, form: FormState) => ReactNode,
  ) =>
  async (c: Context<AppEnv>, operator: Operator, id: number | null, form: FormState = null, status: Status = 200) => {
    if (upstream(c)) return owned(c, operator, status);
    const record = id === null ? null : await load(() => read(c, id));
    if (id !== null && !record) return notFound(c);
    return page(
      c,
      operator,
      COUPONS,
      title(record),
      <>
        {form ? null : saved(c)}
        {body(record, form)}
      </>,
      status,
    );
  };

const back = (
  <p>
    <a href={COUPONS}>Voltar aos cupons</a>
  </p>
);

export const couponPage = recordPage(
  (c, id) => c.var.commerce.backofficeCoupon(id),
  (coupon) => (coupon ? `Cupom ${coupon.code}` : 'Novo cupom'),
  (coupon, form) => (
    <>
      {coupon ? (
        <p data-testid="coupon-usage">
          Usos: {coupon.used}
          {coupon.usageLimit === null ? ' (sem limite)' : ` de ${coupon.usageLimit}`} · reservados em sacolas agora:{' '}
          {coupon.reserved}
        </p>
      ) : null}
      {back}
      <CouponForm coupon={coupon} form={form} />
      {coupon ? <EndCouponForm coupon={coupon} /> : null}
    </>
  ),
);

export const sellerPage = recordPage(
  (c, id) => c.var.commerce.backofficeSeller(id),
  (seller) => (seller ? `Vendedor ${seller.code}` : 'Novo código de vendedor'),
  (seller, form) => (
    <>
      {seller ? <p data-testid="seller-usage">Pedidos com este código: {seller.orders}</p> : null}
      {back}
      <SellerForm seller={seller} form={form} />
    </>
  ),
);
