import { describe, expect, it } from 'vitest';
import { cardErrors, formatCardNumber, formatExpiry, parseExpiry } from '../../src/lib/checkout/checkout-form';

describe('card form rules', () => {
  it('accepts the sandbox cards and rejects a Luhn typo or a wrong length', () => {
    const ok = { holder: 'ANA', expiry: '12/30', cvv: '123' };
    const now = new Date('2026-11-22T12:00:00Z');
    for (const number of ['5448 2800 0000 0007', '4012001037141112', '4000000000000002'])
      expect(cardErrors({ ...ok, number }, now)).toEqual({});
    expect(cardErrors({ ...ok, number: '4012001037141113' }, now).number).toBe('Número do cartão inválido.');
    expect(cardErrors({ ...ok, number: '1234' }, now).number).toBe('Número do cartão inválido.');
  });

  it('wants a 4-digit CVV for amex and 3 digits otherwise', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(cardErrors({ number: '3782 822463 10005', holder: 'ANA', expiry: '12/30', cvv: '1234' }, now)).toEqual({});
    expect(cardErrors({ number: '3782 822463 10005', holder: 'ANA', expiry: '12/30', cvv: '123' }, now).cvv).toBe(
      'CVV inválido.',
    );
    expect(cardErrors({ number: '5448280000000007', holder: 'ANA', expiry: '12/30', cvv: '1234' }, now).cvv).toBe(
      'CVV inválido.',
    );
  });

  it('masks number and expiry as typed', () => {
    expect(formatCardNumber('5448280000000007')).toBe('5448 2800 0000 0007');
    expect(formatCardNumber('54482')).toBe('5448 2');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('1')).toBe('1');
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('02/31')).toEqual({ month: 2, year: 2031 });
  });

  it('reports each field in pt-BR, expiry against today', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(cardErrors({ number: '5448280000000007', holder: 'ANA SOUZA', expiry: '11/26', cvv: '123' }, now)).toEqual(
      {},
    );
    expect(cardErrors({ number: '5448280000000008', holder: 'A', expiry: '10/26', cvv: '12' }, now)).toEqual({
      number: 'Número do cartão inválido.',
      holder: 'Informe o nome impresso no cartão.',
      expiry: 'Cartão vencido.',
      cvv: 'CVV inválido.',
    });
    expect(cardErrors({ number: '5448280000000007', holder: 'ANA', expiry: '1/2', cvv: '123' }, now).expiry).toBe(
      'Validade inválida. Use MM/AA.',
    );
  });
});
