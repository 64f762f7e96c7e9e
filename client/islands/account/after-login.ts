import { track } from '../../analytics';
import type { Stores } from '../../stores';

import { CART_ACTIONS } from '../../../src/lib/cart/cart-forms';
import { safeRedirect } from '../../../src/lib/security/safe-path';
import { saveAskedFavorite } from '../product/favorite-toggle';

export { safeRedirect };

/**
 * After a login or registration: the anonymous cart joins the customer's (POST /api/cart/user; a 404
 * before that endpoint exists is tolerated), favorites load (and the one a heart asked for is saved), then a
 * full load of the target page so every server-rendered part shows the signed-in state.
 */
export async function afterLogin(stores: Stores, method: 'login' | 'sign_up', redirect: string): Promise<void> {
  const user = stores.session.user.value;
  track({ event: method, method: 'email_cpf' });
  if (user) await stores.cart.handOver(user.id);
  await stores.favorites.load(true);
  // Checked again right before leaving: whatever called this, only a path on this origin is followed.
  const target = new URL(safeRedirect(redirect, '/minha-conta', location.origin), location.origin);
  await saveAskedFavorite(stores, target);
  const coupon = target.searchParams.get('cupom');
  if (coupon) return applyAgain(coupon, target.pathname);
  location.assign(target.pathname + target.search + target.hash);
}

/**
 * A login-only coupon that opened the login (the cart's `?cupom=`): applied again, once, through the
 * cart's own coupon form post, which answers with the cart page showing the coupon or why it was refused.
 */
function applyAgain(code: string, back: string): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = CART_ACTIONS.coupon;
  for (const [name, value] of [
    ['code', code],
    ['back', back],
  ]) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name!;
    input.value = value!;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
