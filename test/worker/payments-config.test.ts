import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Bindings } from '../../src/env';
import { makeApp, seed } from './app-harness';
import { PAYPAL_VARS, PIX_VARS } from './providers/live-helpers';

/**
 * A bad payments setting on a running store (the deploy and npm start refuse it: src/config-check.ts): that provider
 * is off and the reason logged; pages serve, and the footer's badges are the methods the host offers.
 */
const PRODUCTION = 'https://www.vitrine.com.br';
const footerBadges = (html: string) => {
  const list = /<ul class="site-footer__payments"[^>]*>([\s\S]*?)<\/ul>/.exec(html);
  return list ? [...list[1]!.matchAll(/<li>([^<]+)<\/li>/g)].map((m) => m[1]) : [];
};

let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

describe('payments configuration at run time', () => {
  beforeAll(() => seed());

  it('an invalid PAYPAL_WEBHOOK_ID turns PayPal off: pages serve, PayPal is not offered, the reason is logged', async () => {
    const { request } = makeApp({
      ...PIX_VARS,
      ...PAYPAL_VARS,
      PAYPAL_WEBHOOK_ID: 'não é um id!',
    } as Partial<Bindings>);
    for (const path of ['/sacola', '/checkout', '/login']) {
      const page = await request(`${PRODUCTION}${path}`);
      expect(page.status, path).toBe(200);
      expect(footerBadges(await page.text()), path).toEqual(['Pix']);
    }
    const methods = (await (await request(`${PRODUCTION}/api/payment-methods`)).json()) as {
      methods: { name: string }[];
    };
    expect(methods.methods.map((m) => m.name)).toEqual(expect.arrayContaining(['pix']));
    expect(methods.methods.map((m) => m.name)).not.toContain('paypal');
    const logged = errors.mock.calls.map((args) => String(args[0]));
    expect(logged.some((line) => line.includes('PAYPAL_WEBHOOK_ID') && line.includes('"disabled":["paypal"]'))).toBe(
      true,
    );
  });

  it('the footer shows no badge on a production host that offers nothing, and every badge in sandbox mode', async () => {
    const none = await makeApp().request(`${PRODUCTION}/sacola`);
    expect(none.status).toBe(200);
    expect(footerBadges(await none.text())).toEqual([]);
    const sandbox = await makeApp().request('http://localhost/sacola');
    expect(footerBadges(await sandbox.text())).toEqual([
      'Pix',
      'Visa',
      'Mastercard',
      'Amex',
      'Diners',
      'Hipercard',
      'Boleto',
      'PayPal',
    ]);
  });
});
