import { describe, expect, it } from 'vitest';
import { offeredNames } from '../../client/islands/checkout/payment';
import { methodId } from '../../client/stores/checkout';
import type { PaymentProvider, ProviderSet } from '../../src/commerce/payments/provider';
import { chargeableMethods, liveProviders } from '../../src/commerce/payments/live-provider-set';
import {
  isCardMethod,
  methodLabel,
  PAYMENT_METHOD_IDS,
  PAYMENT_METHODS,
  paymentMethod,
} from '../../src/lib/payments/payment-methods';

const adapter = (name: string, kinds: PaymentProvider['kinds']): PaymentProvider => {
  const never = () => Promise.reject(new Error('not called'));
  return { name, kinds, authorize: never, capture: never, void: never, refund: never, status: never };
};

describe('the payment-method registry', () => {
  it('has the spec §3 ids, each once, with its name, label, slot and kind', () => {
    expect(PAYMENT_METHODS.map((m) => [m.id, m.name, m.provider, m.kind])).toEqual([
      [1, 'credit-card', 'card', 'credit'],
      [43, 'credit-card-paypal', 'paypal', 'credit'],
      [26, 'coupon', 'internal', 'coupon'],
      [31, 'debit-card', 'card', 'debit'],
      [6, 'bank-slip', 'boleto', 'boleto'],
      [32, 'paypal', 'paypal', 'wallet'],
      [47, 'pix', 'pix', 'pix'],
      [53, 'open-finance', 'open-finance', 'open-finance'],
    ]);
    expect(PAYMENT_METHOD_IDS).toMatchObject({ pix: 47, 'bank-slip': 6, 'credit-card-paypal': 43 });
    expect(paymentMethod(31)?.label).toBe('Cartão de débito');
    expect(paymentMethod(2)).toBeUndefined();
    expect(methodLabel(43)).toBe('Cartão de crédito (PayPal)');
    expect(methodLabel(999)).toBe('Outro');
  });

  it('only credit methods take installments; card data for credit, PayPal card and debit', () => {
    expect(PAYMENT_METHODS.filter((m) => m.installments > 1).map((m) => m.id)).toEqual([1, 43]);
    expect(PAYMENT_METHODS.filter((m) => isCardMethod(m.id)).map((m) => m.id)).toEqual([1, 43, 31]);
    expect([47, 6, 999].map(isCardMethod)).toEqual([false, false, false]);
    expect(methodId('credit-card', 'paypal')).toBe(43);
    expect(methodId('credit-card', 'rede')).toBe(1);
  });

  it('chargeable methods follow the adapters present and the kinds they serve', () => {
    expect(chargeableMethods({}).map((m) => m.name)).toEqual(['coupon']);
    const set: ProviderSet = { pix: adapter('pix', ['pix']), card: adapter('rede', ['credit']) };
    expect(chargeableMethods(set).map((m) => m.name)).toEqual(['credit-card', 'coupon', 'pix']);
  });

  it('live factories: configured ones only, the first per slot', () => {
    const factories = [
      { slot: 'pix' as const, create: (env: Record<string, unknown>) => (env.PIX_ID ? adapter('pix', ['pix']) : null) },
      { slot: 'pix' as const, create: () => adapter('boleto', ['pix']) },
    ];
    expect(liveProviders({}, fetch, factories).pix?.name).toBe('boleto');
    expect(liveProviders({ PIX_ID: 'x' }, fetch, factories).pix?.name).toBe('pix');
    expect(liveProviders({}, fetch, [])).toEqual({});
  });

  it('the checkout offers what is chargeable: credit card when either credit method is', () => {
    expect(offeredNames(undefined)).toEqual([
      'credit-card',
      'pix',
      'bank-slip',
      'paypal',
      'debit-card',
      'open-finance',
    ]);
    expect(offeredNames(['coupon'])).toEqual([]);
    expect(offeredNames(['credit-card-paypal', 'pix'])).toEqual(['credit-card', 'pix']);
  });
});
