import { Hono } from 'hono';
import { jsonBody, parseWith } from '../../api/body';
import { InstallmentsQuerySchema, PAYPAL_FAILED, PaypalCreateSchema } from '../../contracts/checkout';
import { SandboxActionSchema, SandboxReferenceSchema } from '../../contracts/payments-sandbox';
import { paymentSimulationAllowed, type AppEnv } from '../../env';
import { DomainError } from '../domain-error';

export const paymentsRoutes = new Hono<AppEnv>()
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
    // The shopper's own steps (approve, challenge, cancel) always run; the bank's confirmation only where allowed.
    if (input.action === 'pay' && !paymentSimulationAllowed(c.var.config, c.req.url))
      throw new DomainError('NOT_FOUND', 'Simulação de pagamento indisponível neste ambiente.');
    return c.json(await c.var.commerce.paymentAction(input));
  });
