import { applyEvent, log, type LiveEventDeps, type Outcome } from './events';
import { ProviderError, type LiveProvider } from './live-provider';

const json = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

/**
 * POST /api/webhooks/<provider>: authenticity first (signature check or re-reading the charge at the
 * provider), then each event once. Forged or malformed notifications are refused with a 4xx and logged;
 * a provider we cannot reach answers 503 so the provider retries later.
 */
export async function handleWebhook(
  deps: LiveEventDeps,
  provider: LiveProvider,
  request: Request,
  now: Date,
): Promise<Response> {
  try {
    const verdict = await provider.verifyWebhook(request);
    if (!verdict.ok) {
      log({ provider: provider.name, webhook: 'refused', status: verdict.status, reason: verdict.reason }, 'warn');
      return json(verdict.status, { code: 'WEBHOOK_REFUSED', error: `Notificação recusada: ${verdict.reason}.` });
    }
    const outcomes: Outcome[] = [];
    for (const event of verdict.events) outcomes.push(await applyEvent(deps, provider, event, 'webhook', now));
    return json(200, { received: outcomes.length, outcomes });
  } catch (error) {
    // The provider could not be asked (verification, re-read or capture): it will retry the notification.
    if (!(error instanceof ProviderError)) throw error;
    log({ provider: provider.name, webhook: 'unavailable', error: error.message }, 'warn');
    return json(503, {
      code: 'PROVIDER_UNAVAILABLE',
      error: 'Não foi possível confirmar a notificação agora. Tente novamente.',
    });
  }
}
