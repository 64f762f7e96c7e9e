import type { Context } from 'hono';
import { SandboxReferenceSchema } from '../contracts/payments-sandbox';
import { DomainError } from '../commerce/domain-error';
import { cartIdCookie } from '../http/cookies';
import type { AppEnv } from '../env';
import { notFound } from './not-found';
import { privatePage } from './order-confirmation';
import { PageScript } from './page-script';
import { renderPage } from './render';

/** Seconds between two refreshes of the "Confirmando…" page without JavaScript (`<meta http-equiv="refresh">`). */
export const REFRESH_SECONDS = 3;
/** Refreshes (no JS) before the page gives up waiting and lands anyway (the order's page says it awaits payment). */
export const MAX_REFRESHES = 20;
/** The page script's poll of the order's status (with JavaScript): every 2 s, at most 30 times. */
const POLL_MS = 2000;
const MAX_POLLS = 30;

export const CONFIRMING_TITLE = 'Confirmando seu pagamento…';

/** The n-th refresh of the page (the query's `confirmando`), or null for the shopper's first arrival. */
function refreshOf(c: Context<AppEnv>): number | null {
  const raw = c.req.query('confirmando');
  return raw !== undefined && /^[0-9]{1,2}$/.test(raw) ? Math.max(1, Number(raw)) : null;
}

/** `/api/order-status?…` for a confirmation link `/checkout/order/{ids}?token=…` (the order-status poll). */
function statusUrlOf(confirmation: string | null): string | null {
  const m = confirmation ? /^\/checkout\/order\/([0-9-]+)\?token=(.+)$/.exec(confirmation) : null;
  return m ? `/api/order-status?orderIds=${m[1]}&token=${m[2]}` : null;
}

function ConfirmingPage({ refresh, confirmation }: { refresh: string; confirmation: string | null }) {
  return (
    <article className="content-page payment-step payment-confirming">
      {/* Without JavaScript the page asks again by itself; with it, the page script polls (the <noscript> is inert). */}
      <noscript>
        <meta httpEquiv="refresh" content={`${REFRESH_SECONDS};url=${refresh}`} />
      </noscript>
      <h1>{CONFIRMING_TITLE}</h1>
      <p className="content-page__lead" role="status">
        O meio de pagamento ainda está respondendo. Assim que ele confirmar, mostramos seu pedido.
      </p>
      <p>Não feche esta página e não pague de novo: esta página é atualizada sozinha em alguns segundos.</p>
      <p>
        <a href={refresh}>Atualizar agora</a>
      </p>
      <PageScript
        name="ReturnPoll"
        props={{ statusUrl: statusUrlOf(confirmation), confirmation, refresh, everyMs: POLL_MS, polls: MAX_POLLS }}
      />
    </article>
  );
}

function confirming(c: Context<AppEnv>, reference: string, next: number, confirmation: string | null) {
  const refresh = `/checkout/retorno/${reference}?confirmando=${next}`;
  return renderPage(c, <ConfirmingPage refresh={refresh} confirmation={confirmation} />, {
    meta: { title: CONFIRMING_TITLE, description: 'Confirmando o pagamento do seu pedido.' },
    bodyClass: 'checkout',
  });
}

/** Work that must outlive the response (the provider's answer still on its way): the runtime keeps it alive. */
function deferOf(c: Context<AppEnv>) {
  return (work: Promise<unknown>) => {
    try {
      c.executionCtx.waitUntil(work);
    } catch {
      // No execution context (tests calling app.request): the promise still runs to its end.
    }
  };
}

/**
 * GET /checkout/retorno/{reference}: the shopper back from the provider's own page (the issuer's 3-D Secure, PayPal's
 * approval). The payment is settled only from what the provider answers when asked (payments/return.ts); the
 * query string is ignored but for the page's own refresh count. A provider slower than the return's wait (or a
 * failure of ours after it answered) never shows an error: the "Confirmando seu pagamento…" page polls (page script
 * `ReturnPoll`; without JavaScript it refreshes itself, `?confirmando=<n>`) until the payment settled, then lands on
 * the confirmation. Both modes: in sandbox the sandbox provider is asked, which changes nothing it did not do.
 */
export async function paymentReturnRoute(c: Context<AppEnv>): Promise<Response> {
  privatePage(c);
  const reference = SandboxReferenceSchema.safeParse(c.req.param('reference'));
  if (!reference.success) return notFound(c);
  const caller = { cartCookie: cartIdCookie(c) };
  const refresh = refreshOf(c);
  try {
    if (refresh === null) {
      const answer = await c.var.commerce.paymentReturn(reference.data, caller, deferOf(c));
      if ('redirect' in answer) return c.redirect(answer.redirect, 303);
      return confirming(c, reference.data, 1, answer.waiting.confirmation);
    }
    const state = await c.var.commerce.paymentReturnState(reference.data, caller, refresh >= MAX_REFRESHES);
    if (state.redirect !== null) return c.redirect(state.redirect, 303);
    return confirming(c, reference.data, refresh + 1, null);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') return notFound(c);
    throw error;
  }
}
