import type { Cart } from '../../contracts/cart';
import { PROMOTION_MESSAGES } from '../../lib/messages/promotions';
import { randomToken } from '../../lib/security/token';
import { DomainError } from '../domain-error';
import type { MergeRepo } from './merge-repo';
import { getCart, MESSAGES, type CartDeps } from './service';

export interface MergeDeps extends CartDeps {
  merges: MergeRepo;
}

/**
 * POST /api/cart/user (after login): the visitor's cart joins the customer's. With no cart of their
 * own the customer takes the visitor's cart; otherwise its lines are merged into the customer's cart
 * (see MergeRepo.merge) and the customer's cart is the answer. The session decides who the customer is.
 */
export async function attachCartToCustomer(deps: MergeDeps, input: { cartId: string | null }): Promise<Cart> {
  const customer = await deps.pricing.identity();
  if (!customer) throw new DomainError('LOGIN_REQUIRED', PROMOTION_MESSAGES.cartLogin);
  const row = input.cartId ? await deps.repo.find(input.cartId) : null;
  if (row && row.customer_id !== null && row.customer_id !== customer.id)
    throw new DomainError('NOT_FOUND', MESSAGES.notFound);
  if (row?.customer_id === customer.id) return getCart(deps, row.id);
  const own = await deps.merges.customerCart(customer.id, row?.id ?? null);
  if (row && !own) {
    // Lost the race to another merge/claim? Then the customer's cart (found again below) has the lines.
    if (await deps.merges.claim(row.id, customer.id)) return getCart(deps, row.id);
  } else if (row && own) {
    await deps.merges.merge({
      from: row.id,
      into: own.id,
      customerId: customer.id,
      nonce: randomToken(),
      maxAmount: deps.config.maxItemAmount,
    });
  }
  const target = own ?? (await deps.merges.customerCart(customer.id, null));
  if (!target) throw new DomainError('NOT_FOUND', MESSAGES.notFound);
  return getCart(deps, target.id);
}

/**
 * POST /api/cart/progressive (after every add): answers the cart's canonical hash. For a signed-in
 * customer that is their cart (the visitor's cart is claimed or merged as by /cart/user); for a
 * visitor it is the cart itself. The client stores the returned hash when it differs (spec §4).
 */
export async function progressiveCart(deps: MergeDeps, cartId: string): Promise<Cart> {
  if (!(await deps.pricing.identity())) return getCart(deps, cartId);
  return attachCartToCustomer(deps, { cartId });
}
