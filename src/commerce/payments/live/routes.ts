import { Hono } from 'hono';
import type { AppEnv, Bindings } from '../../../env';
import { liveEventDeps } from '../embedded';
import { handleWebhook } from './webhook';
import { liveAdapters, type LiveBindings, type LiveOptions } from './live-config';
import type { LiveProviderName } from './live-provider';

const NAMES: readonly string[] = ['pix', 'paypal', 'rede', 'boleto'] satisfies LiveProviderName[];

/**
 * `/api/webhooks/<provider>` (pix, paypal, rede, boleto): mounted before the same-origin/JSON guard,
 * since providers post from their own servers; the provider's authenticity check replaces it. A
 * provider that is not configured has no webhook (404).
 */
export function webhookRoutes(options: LiveOptions = {}) {
  return new Hono<AppEnv>().post('/webhooks/:provider', async (c) => {
    const name = c.req.param('provider');
    const registry = NAMES.includes(name) ? liveAdapters(c.env as Bindings & LiveBindings, options) : {};
    // Own properties only: `/webhooks/valueOf` must not find Object.prototype's (found by the fuzzer).
    const provider = Object.hasOwn(registry, name) ? registry[name as LiveProviderName] : undefined;
    if (!provider) return c.json({ code: 'NOT_FOUND', error: 'Provedor de pagamento não configurado.' }, 404);
    const response = await handleWebhook(liveEventDeps(c.env.DB), provider, c.req.raw, new Date());
    response.headers.set('cache-control', 'no-store');
    return response;
  });
}
