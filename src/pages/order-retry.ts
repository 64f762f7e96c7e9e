import type { Context } from 'hono';
import type { OrderRetryResult, RetryLine } from '../contracts/orders';
import { DomainError } from '../commerce/domain-error';
import { adoptRetriedCart, cartIdCookie } from '../http/cookies';
import type { AppEnv } from '../env';
import type { CartMessage } from '../lib/cart/cart-messages';
import { parseOrderIds } from '../lib/checkout/order-ids';
import { setFlash } from './cart';
import { notFound } from './not-found';
import { privatePage } from './order-confirmation';
import { plainPage } from './unavailable';

const CODES = ' Cupom e código de vendedor não voltam: aplique de novo na sacola, se quiser.';

const describe = (line: RetryLine) =>
  `${line.name} (${line.size}, ${line.color})${line.back > 0 ? `: voltaram ${line.back} de ${line.wanted}` : ': esgotado'}`;

/** What the bag says after a retry: the products are back, or which could not come back (stock). */
export function retryMessage(result: OrderRetryResult): CartMessage {
  const codes = result.codesDropped ? CODES : '';
  if (result.already) return { tone: 'info', message: `Os produtos deste pedido já voltaram para a sacola.${codes}` };
  if (result.short.length === 0)
    return {
      tone: 'success',
      message: `Seus produtos voltaram para a sacola. Escolha outra forma de pagamento para concluir a compra.${codes}`,
    };
  return {
    tone: 'info',
    title: 'Alguns produtos não voltaram',
    message: `Os produtos com estoque voltaram para a sacola; estes esgotaram ou não têm todas as unidades.${codes}`,
    products: result.short.map(describe),
  };
}

/**
 * The end of a "Tentar novamente" form (the order page's and "Minha conta"'s): the products go back to the bag,
 * whose page (the app's cart screen in the app) shows what came back; a refusal is the store's plain page with a
 * way back to the order (`back`), an unknown order a 404; signed out (the session ended meanwhile, "Minha conta"),
 * the login, then back to the order.
 */
async function answerRetry(
  c: Context<AppEnv>,
  retry: () => Promise<OrderRetryResult>,
  back: { href: string; label: string },
): Promise<Response> {
  privatePage(c);
  let result: OrderRetryResult;
  try {
    result = await retry();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code === 'NOT_FOUND') return notFound(c);
    if (error.code === 'UNAUTHENTICATED') return c.redirect(`/login?redirect=${encodeURIComponent(back.href)}`, 303);
    if (error.code !== 'CONFLICT') throw error;
    return plainPage(c, { title: 'Não foi possível tentar novamente', message: error.message, link: back }, 409);
  }
  await adoptRetriedCart(c, c.var.commerce, result.cartId);
  setFlash(c, retryMessage(result));
  return c.redirect(c.var.appMode ? '/cart/ecommerce-app' : '/sacola', 303);
}

/**
 * POST /checkout/order/{ids}/tentar-novamente?token= — the order page's "Tentar novamente" (a plain form: the same
 * with or without JavaScript, same-origin by the page routes' rule).
 */
export async function retryOrderAction(c: Context<AppEnv>): Promise<Response> {
  const ids = parseOrderIds(c.req.param('orderIds') ?? '');
  const token = c.req.query('token') ?? '';
  if (!ids || !token) {
    privatePage(c);
    return notFound(c);
  }
  const back = {
    href: `/checkout/order/${ids.join('-')}?token=${encodeURIComponent(token)}`,
    label: 'Voltar para o pedido',
  };
  return answerRetry(c, () => c.var.commerce.retryOrder(ids, token, { cartId: cartIdCookie(c) }), back);
}

/** POST /minha-conta/pedidos/{id}/tentar-novamente — the same from the signed-in customer's order in "Minha conta". */
export async function retryAccountOrderAction(c: Context<AppEnv>, id: number): Promise<Response> {
  const back = { href: `/minha-conta/pedidos/${id}`, label: 'Voltar para o pedido' };
  return answerRetry(c, () => c.var.commerce.retryOrder([id], null, { cartId: cartIdCookie(c) }), back);
}
