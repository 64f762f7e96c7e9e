import type { Context } from 'hono';
import { refuseControlChars } from '../http/body';
import { readFormBody } from '../http/form';
import { SandboxReferenceSchema, type SandboxPaymentView } from '../contracts/payments-sandbox';
import { DomainError } from '../commerce/domain-error';
import { SANDBOX_3DS_CODE } from '../contracts/payments-sandbox';
import { formatBRL } from '../lib/format/money';
import { FormError } from '../ui/account/field';
import type { AppEnv } from '../env';
import { notFound } from './not-found';
import { methodLabel, paymentMethod, type PaymentKind } from '../lib/payments/payment-methods';
import { loadConfirmation, privatePage } from './order-confirmation';
import { renderPage } from './render';
import { dict } from '../lib/security/dict';

/** Where a step goes back to: only a confirmation page of this site (no open redirect). */
function returnPath(c: Context<AppEnv>): string | null {
  const back = c.req.query('return') ?? '';
  return /^\/checkout\/order\/\d{1,12}(?:-\d{1,12}){0,19}\?token=[A-Za-z0-9%._~-]{8,600}$/.test(back) ? back : null;
}

type Step = 'paypal' | '3ds' | 'open-finance';
/** The method kind each step page serves (payment-method registry). */
const KIND: Record<Step, PaymentKind> = dict({ paypal: 'wallet', '3ds': 'debit', 'open-finance': 'open-finance' });
const TITLES: Record<Step, string> = dict({
  paypal: 'PayPal — aprovar pagamento',
  '3ds': 'Verificação do cartão (3-D Secure)',
  'open-finance': 'Open Finance — autorizar pagamento',
});

async function loadStep(c: Context<AppEnv>, step: Step): Promise<SandboxPaymentView | null> {
  // Sandbox pages exist only in sandbox mode (a production host never has them, ADR 0013).
  if (c.var.paymentsMode !== 'sandbox') return null;
  const reference = SandboxReferenceSchema.safeParse(c.req.param('reference'));
  if (!reference.success) return null;
  try {
    const payment = await c.var.commerce.paymentStep(reference.data);
    return paymentMethod(payment.methodId)?.kind === KIND[step] ? payment : null;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

function StepPage({
  step,
  payment,
  error,
  back,
}: {
  step: Step;
  payment: SandboxPaymentView;
  error: string | null;
  back: string | null;
}) {
  const pending = payment.status === 'pending';
  return (
    <article className="content-page payment-step">
      <h1>{TITLES[step]}</h1>
      <p className="content-page__lead">
        {methodLabel(payment.methodId)} · <strong>{formatBRL(payment.charged)}</strong>
      </p>
      <p className="sandbox-form__note">Ambiente de testes da Vitrine: nenhum valor é cobrado.</p>
      <FormError text={error} />
      {!pending ? (
        <p className="payment-box">
          {payment.status === 'paid' || payment.status === 'authorized'
            ? 'Pagamento aprovado.'
            : 'Este pagamento não está mais aguardando confirmação.'}
        </p>
      ) : step === '3ds' ? (
        <form method="post" className="payment-step__form">
          <label className="field">
            <span>Código enviado pelo banco</span>
            <input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={8} required />
          </label>
          <p className="field-hint">No ambiente de testes o código é {SANDBOX_3DS_CODE}.</p>
          <button type="submit" name="action" value="challenge" className="button">
            Confirmar
          </button>
        </form>
      ) : (
        <form method="post" className="payment-step__form">
          <button type="submit" name="action" value="approve" className="button">
            {step === 'paypal' ? 'Aprovar pagamento' : 'Autorizar pagamento'}
          </button>{' '}
          <button type="submit" name="action" value="cancel" className="button button--ghost">
            Cancelar
          </button>
        </form>
      )}
      {back ? (
        <p>
          <a href={back}>Voltar para o pedido</a>
        </p>
      ) : null}
    </article>
  );
}

function renderStep(c: Context<AppEnv>, step: Step, payment: SandboxPaymentView, error: string | null) {
  privatePage(c);
  return renderPage(c, <StepPage step={step} payment={payment} error={error} back={returnPath(c)} />, {
    meta: { title: TITLES[step], description: 'Conclua o pagamento do seu pedido.' },
    bodyClass: 'checkout',
  });
}

/** GET: the sandbox's approval / challenge / consent page. */
export function paymentStepPage(step: Step) {
  return async (c: Context<AppEnv>) => {
    const payment = await loadStep(c, step);
    return payment ? renderStep(c, step, payment, null) : notFound(c);
  };
}

/** POST: the shopper's answer; then back to the confirmation page (or the step page with the error). */
export function paymentStepAction(step: Step) {
  return async (c: Context<AppEnv>) => {
    if (c.var.paymentsMode !== 'sandbox') return notFound(c);
    const payment = await loadStep(c, step);
    if (!payment) return notFound(c);
    const form = refuseControlChars(await readFormBody(c));
    const action = step === '3ds' ? 'challenge' : form.action === 'cancel' ? 'cancel' : 'approve';
    const code = typeof form.code === 'string' ? form.code.trim() : undefined;
    try {
      await c.var.commerce.paymentAction({ reference: payment.reference, action, code });
    } catch (error) {
      if (!(error instanceof DomainError) || error.code === 'UPSTREAM_UNAVAILABLE') throw error;
      const page = await renderStep(c, step, await c.var.commerce.paymentStep(payment.reference), error.message);
      return new Response(page.body, { status: error.code === 'PAYMENT_DECLINED' ? 402 : 409, headers: page.headers });
    }
    const back = returnPath(c);
    if (back) return c.redirect(back, 303);
    return renderStep(c, step, await c.var.commerce.paymentStep(payment.reference), null);
  };
}

/** POST /checkout/order/{ids}/simular-pagamento?token=: the sandbox bank confirms the Pix/boleto. */
export async function simulatePaymentAction(c: Context<AppEnv>): Promise<Response> {
  if (c.var.paymentsMode !== 'sandbox') return notFound(c);
  privatePage(c);
  const loaded = await loadConfirmation(c);
  if (!loaded) return notFound(c);
  const reference = loaded.data.orders[0]!.payment.reference;
  try {
    if (reference) await c.var.commerce.paymentAction({ reference, action: 'pay' });
  } catch (error) {
    // Already paid or expired meanwhile: the confirmation page shows which.
    if (!(error instanceof DomainError) || error.code !== 'CONFLICT') throw error;
  }
  return c.redirect(`/checkout/order/${loaded.ids.join('-')}?token=${encodeURIComponent(loaded.token)}`, 303);
}
