import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { clearTokenSources } from '../../../src/commerce/payments/live/token-source';
import type { Bindings } from '../../../src/env';
import { runScheduled } from '../../../src/scheduled';
import { makeApp, seed } from '../app-harness';
import { BoletoFake } from './fakes/boleto-fake';
import { BOLETO_VARS } from './live-helpers';

/**
 * One live-boleto suite's setup (the store in live mode with Banco Inter only, behind a fresh contract-checking
 * BoletoFake per test): the catalog seeded once, token caches cleared and logs silenced per test, and every request
 * the fake received checked against Inter's document after each test. `live.boleto` is the current test's fake.
 */
export function liveBoletoSuite() {
  const vars = { PAYMENTS_MODE: 'live', PAYMENT_PROVIDER_TIMEOUT_MS: '300', ...BOLETO_VARS } as Partial<Bindings>;
  const live = {
    boleto: new BoletoFake(),
    vars,
    fetch: (request: Request) => live.boleto.fetch(request),
    app: () => makeApp(vars, { paymentsFetch: live.fetch }),
    cron: () => runScheduled({ ...env, ...vars } as unknown as Bindings, live.fetch),
  };
  beforeAll(() => seed());
  beforeEach(() => {
    clearTokenSources();
    live.boleto = new BoletoFake();
    for (const level of ['log', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    expect(live.boleto.contract.violations).toEqual([]);
  });
  return live;
}
