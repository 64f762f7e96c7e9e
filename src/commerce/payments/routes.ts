import { Hono } from 'hono';
import { jsonBody, parseWith } from '../../http/body';
import { InstallmentsQuerySchema, PAYPAL_FAILED, PaypalCreateSchema } from '../../contracts/checkout';
import { SandboxActionSchema, SandboxReferenceSchema } from '../../contracts/payments-sandbox';
import { RefundBankDetailsSchema } from '../../contracts/refund-payout';
import type { AppEnv } from '../../env';
import { DomainError } from '../domain-error';
import { PAYOUT_MESSAGES } from './payouts';

const SANDBOX_ONLY = 'Ambiente de testes de pagamento indisponível nesta loja.';

export const paymentsRoutes = new Hono<AppEnv>()
  // The sandbox's endpoints exist only in sandbox mode (never on a production host, ADR 0013).
  .use('/payments/sandbox', async (c, next) => {
    if (c.var.paymentsMode !== 'sandbox') throw new DomainError('NOT_FOUND', SANDBOX_ONLY);
    await next();
  })
  .use('/payments/sandbox/*', async (c, next) => {
    if (c.var.paymentsMode !== 'sandbox') throw new DomainError('NOT_FOUND', SANDBOX_ONLY);
    await next();
  })
  .get('/payment-methods', async (c) => c.json(await c.var.commerce.paymentMethods()))
  .post('/credit-card-service', async (c) => c.json(await c.var.commerce.cardService()))
  .get('/installments', async (c) =>
    c.json(await c.var.commerce.installments(parseWith(InstallmentsQuerySchema, c.req.query()).total)),
  )
  .post('/paypal/create', async (c) => {
    const input = await jsonBody(c, PaypalCreateSchema);
    try {
      return c.json(await c.var.commerce.paypalCreate(input));
    } catch (error) {
      // Spec §7: the checkout reads `error_type` to fall back to the rede card service.
      if (error instanceof DomainError && error.code === PAYPAL_FAILED)
        return c.json({ code: PAYPAL_FAILED, error: error.message, error_type: PAYPAL_FAILED }, 422);
      throw error;
    }
  })
  .get('/payments/sandbox/:reference', async (c) =>
    c.json(await c.var.commerce.paymentStep(parseWith(SandboxReferenceSchema, c.req.param('reference')))),
  )
  .post('/payments/sandbox', async (c) => {
    const input = await jsonBody(c, SandboxActionSchema);
    return c.json(await c.var.commerce.paymentAction(input));
  })
  // A paid boleto's refund by transfer, the JSON twin of the account page's form: the signed-in owner's
  // order only (another customer reads "no such refund", nobody signed in is asked to sign in: 401 for both verbs),
  // bank details zod-validated per field.
  .get('/orders/:id{[0-9]{1,12}}/refund-bank-details', async (c) => {
    const payout = await c.var.commerce.refundPayout(Number(c.req.param('id')));
    if (!payout) throw new DomainError('NOT_FOUND', PAYOUT_MESSAGES.none);
    return c.json(payout);
  })
  .put('/orders/:id{[0-9]{1,12}}/refund-bank-details', async (c) => {
    const input = await jsonBody(c, RefundBankDetailsSchema, undefined, { fields: true });
    return c.json(await c.var.commerce.giveRefundBank(Number(c.req.param('id')), input));
  });
