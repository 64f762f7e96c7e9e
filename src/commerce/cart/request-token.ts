import type { CartRequestToken } from '../../contracts/affiliate';
import { DomainError } from '../domain-error';
import type { CartRepo } from './repo';
import { MESSAGES } from './service';

/**
 * The cart's request token (spec §4: outside page events must echo it); NOT_FOUND for no open cart, and for
 * a cart bound to a customer other than the session's (`customerId`: the session's customer or null).
 */
export async function cartRequestToken(
  repo: Pick<CartRepo, 'requestToken'>,
  cartId: string,
  customerId: number | null,
): Promise<CartRequestToken> {
  const requestToken = await repo.requestToken(cartId, customerId);
  if (requestToken === null) throw new DomainError('NOT_FOUND', MESSAGES.notFound);
  return { requestToken };
}
