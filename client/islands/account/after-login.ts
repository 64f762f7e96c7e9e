import { track } from '../../analytics';
import type { Stores } from '../../stores';

import { safeRedirect } from '../../../src/lib/safe-path';

export { safeRedirect };

/**
 * After a login or registration: the anonymous cart joins the customer's (POST /api/cart/user; a 404
 * before that endpoint exists is tolerated), favorites load, then a full load of the target page so
 * every server-rendered part shows the signed-in state.
 */
export async function afterLogin(stores: Stores, method: 'login' | 'sign_up', redirect: string): Promise<void> {
  const user = stores.session.user.value;
  track({ event: method, method: 'email_cpf' });
  if (user) await stores.cart.handOver(user.id);
  await stores.favorites.load(true);
  // Checked again right before leaving: whatever called this, only a path on this origin is followed.
  location.assign(safeRedirect(redirect, '/minha-conta', location.origin));
}
