import { Hono, type Context } from 'hono';
import type { FormFields } from '../../contracts/customer-forms';
import { CONTROL_CHAR_MESSAGE } from '../../contracts/text-input';
import { ExchangeRequestSchema } from '../../contracts/exchanges';
import type { AppEnv } from '../../env';
import { page, signedIn, type Status } from './account-frame';
import { ExchangesView } from './exchanges-view';
import { failure, readTypedForm } from './forms';

// Exchanges and returns: the requests, and a no-JS form per delivered order.
const EXCHANGES_PATH = '/minha-conta/trocas-devolucoes';

async function exchangesPage(
  c: Context<AppEnv>,
  form: { orderId: number; values: FormFields; error: string } | null,
  status: Status = 200,
) {
  const data = await c.var.commerce.exchanges();
  return page(c, EXCHANGES_PATH, <ExchangesView data={data} form={form} ok={!form && !!c.req.query('ok')} />, status);
}

/** Form fields → the API body: lines with an amount above 0 are the requested ones. */
function exchangeFromForm(values: FormFields) {
  const items = Object.entries(values)
    .filter(([key, value]) => /^amount_[0-9]{1,12}$/.test(key) && value !== '0')
    .map(([key, value]) => ({ orderItemId: Number(key.slice('amount_'.length)), amount: Number(value) }));
  return {
    orderId: Number(values.orderId),
    kind: values.kind,
    reason: values.reason ?? '',
    items,
    refund: values.refund,
  };
}

export const exchangeRoutes = new Hono<AppEnv>();

exchangeRoutes.get(
  EXCHANGES_PATH,
  signedIn((c) => exchangesPage(c, null)),
);
exchangeRoutes.post(
  EXCHANGES_PATH,
  signedIn(async (c) => {
    // A control character: the form again with the reason and what was typed, less it.
    const { values, unreadable } = await readTypedForm(c);
    const orderId = Number(values.orderId) || 0;
    if (unreadable) return exchangesPage(c, { orderId, values, error: CONTROL_CHAR_MESSAGE }, 400);
    const parsed = ExchangeRequestSchema.safeParse(exchangeFromForm(values));
    if (!parsed.success) return exchangesPage(c, { orderId, values, error: parsed.error.issues[0]!.message }, 400);
    try {
      await c.var.commerce.requestExchange(parsed.data);
      return c.redirect(`${EXCHANGES_PATH}?ok=1`, 303);
    } catch (error) {
      const { status, message } = failure(error, c);
      return exchangesPage(c, { orderId, values, error: message }, status);
    }
  }),
);
