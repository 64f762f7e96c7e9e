import type { Cart } from '../../contracts/cart';
import { PROMOTION_MESSAGES as M } from '../../lib/messages/promotions';
import { getCart, ownedCart, type CartDeps } from './service';
import type { Identity } from '../customers/identity';
import { DomainError } from '../domain-error';
import type { CashbackRepo } from '../cashback/repo';

export interface CashbackDeps extends CartDeps {
  cashback: CashbackRepo;
}

const invalid = () => new DomainError('UNPROCESSABLE', M.cashbackInvalid, M.cashbackTitle);

async function signedIn(deps: CartDeps): Promise<Identity> {
  const customer = await deps.pricing.identity();
  if (!customer) throw new DomainError('LOGIN_REQUIRED', M.cashbackLogin);
  return customer;
}

/**
 * POST /api/cashback: puts `amount` cents of the customer's balance on the cart, taking it off the
 * customer's other open carts (a cart left in another browser). The write is one guarded statement:
 * never more than the balance, never more than the goods left after discounts.
 */
export async function applyCashback(deps: CashbackDeps, input: { cartId: string; cashback: number }): Promise<Cart> {
  const customer = await signedIn(deps);
  if (!(await ownedCart(deps, input.cartId))) throw new DomainError('NOT_FOUND', M.cashbackInvalid, M.cashbackTitle);
  const cart = await getCart(deps, input.cartId);
  const applied = await deps.cashback.apply({
    cartId: input.cartId,
    customerId: customer.id,
    amount: input.cashback,
    cap: cart.subtotal - cart.discount,
    now: deps.pricing.now().toISOString(),
    evaluate: false,
  });
  if (!applied) throw invalid();
  return getCart(deps, input.cartId);
}

/** POST /api/cashback/remove. */
export async function removeCashback(deps: CashbackDeps, cartId: string): Promise<Cart> {
  if (!(await ownedCart(deps, cartId)) || !(await deps.cashback.remove(cartId))) {
    throw new DomainError('NOT_FOUND', M.cashbackRemoveFailed);
  }
  return getCart(deps, cartId);
}

/**
 * POST /api/cashback/toEvaluate: the shopper asks to use the balance on this cart. The server works
 * out the most it can use (balance left, goods after discounts), applies it and sets
 * `cashback_evaluate`; reprocessing the cart evaluates it again as the cart changes.
 */
export async function cashbackToEvaluate(deps: CashbackDeps, cartId: string): Promise<Cart> {
  const customer = await signedIn(deps);
  if (!(await ownedCart(deps, cartId))) throw new DomainError('NOT_FOUND', M.cashbackInvalid, M.cashbackTitle);
  if (!(await useMostCashback(deps, cartId, customer.id))) throw invalid();
  return getCart(deps, cartId);
}

/** Applies the most cashback the cart can take (the balance, goods after discounts) and flags `cashback_evaluate`. */
export async function useMostCashback(deps: CartDeps, cartId: string, customerId: number): Promise<boolean> {
  const now = deps.pricing.now().toISOString();
  const [cart, available] = await Promise.all([getCart(deps, cartId), deps.pricing.cashback.balance(customerId, now)]);
  const cap = Math.max(0, cart.subtotal - cart.discount);
  return deps.pricing.cashback.apply({
    cartId,
    customerId,
    amount: Math.min(available, cap),
    cap,
    now,
    evaluate: true,
  });
}
