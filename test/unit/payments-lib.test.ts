import { describe, expect, it } from 'vitest';
import {
  boletoBarcode,
  digitableLine,
  digitableLineValid,
  dueFactor,
  formatDigitableLine,
  mod10,
  mod11,
} from '../../src/lib/payments/boleto';
import { cardExpiryValid, cardLengthValid, detectCardBrand, luhnValid } from '../../src/lib/checkout/card-brand';
import { findInstallment, installmentTable } from '../../src/lib/checkout/installments';
import { crc16, parsePix, pixPayload } from '../../src/lib/payments/pix';

describe('card brand', () => {
  it('detects each brand from its issuer ranges', () => {
    expect(detectCardBrand('4012 0010 3714 1112')).toBe('visa');
    expect(detectCardBrand('5448280000000007')).toBe('mastercard');
    for (const prefix of ['51', '52', '53', '54', '55', '2221', '2500', '2720'])
      expect(detectCardBrand(`${prefix}0000000000`)).toBe('mastercard');
    for (const prefix of ['50', '56', '2220', '2721'])
      expect(detectCardBrand(`${prefix}0000000000`)).not.toBe('mastercard');
    expect(detectCardBrand('6062825624254001')).toBe('hipercard');
    expect(detectCardBrand('3841001111222233334')).toBe('hipercard');
    expect(detectCardBrand('6370950000000005')).toBe('hiper');
    expect(detectCardBrand('6280280000000000')).toBe('credsystem');
    expect(detectCardBrand('378282246310005')).toBe('amex');
    expect(detectCardBrand('341111111111111')).toBe('amex');
    expect(detectCardBrand('30569309025904')).toBe('diners');
    expect(detectCardBrand('38520000023237')).toBe('diners');
    expect(detectCardBrand('36006666333344')).toBe('diners');
    expect(detectCardBrand('6011111111111117')).toBe('unknown');
    expect(detectCardBrand('')).toBe('unknown');
    expect(detectCardBrand('abc')).toBe('unknown');
  });
  it('checks Luhn on published test numbers', () => {
    for (const number of [
      '4111111111111111',
      '5555555555554444',
      '378282246310005',
      '30569309025904',
      '6062825624254001',
      '5448280000000007',
      '4012001037141112',
      '4000000000000002',
    ]) {
      expect(luhnValid(number)).toBe(true);
    }
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('1234')).toBe(false);
  });
  it('checks lengths per brand and expiry at the end of the month', () => {
    expect(cardLengthValid('378282246310005')).toBe(true);
    expect(cardLengthValid('3782822463100050')).toBe(false);
    const now = new Date('2026-11-22T12:00:00Z');
    expect(cardExpiryValid('11', '2026', now)).toBe(true);
    expect(cardExpiryValid('10', '26', now)).toBe(false);
    expect(cardExpiryValid(1, 27, now)).toBe(true);
    expect(cardExpiryValid('13', '2030', now)).toBe(false);
  });
});

describe('installments', () => {
  it('offers up to 10 parcels of at least R$ 50,00, interest-free up to 6, 1.99% a.m. after', () => {
    const table = installmentTable(100000);
    expect(table.map((row) => row.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(table[2]).toEqual({ number: 3, value: 33333, total: 100000, interestFree: true });
    // Tabela Price, 1000.00 at 1.99% for 10 months: PMT = 111.268… → 111.27 (rounded up to the cent).
    expect(table[9]).toEqual({ number: 10, value: 11127, total: 111270, interestFree: false });
    expect(installmentTable(100000)[6]?.value).toBe(15446);
  });
  it('drops parcels below the minimum and keeps 1 for any total', () => {
    expect(installmentTable(14999).map((row) => row.number)).toEqual([1, 2]);
    expect(installmentTable(4000).map((row) => row.number)).toEqual([1]);
    expect(findInstallment(14999, 3)).toBeNull();
  });
});

// Manual de Padrões para Iniciação do Pix (BCB), static QR example.
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('pix BR Code', () => {
  it('computes CRC16-CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D');
  });
  it('reproduces the central bank example byte for byte', () => {
    const payload = pixPayload({
      key: '123e4567-e12b-12d1-a456-426655440000',
      amountCents: null,
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: null,
    });
    expect(payload).toBe(BCB_EXAMPLE);
  });
  it('carries amount, txid and plain-ASCII merchant fields, and parses back', () => {
    const payload = pixPayload({
      key: 'pix@vitrine.com.br',
      amountCents: 12345,
      merchantName: 'Vitrine Moda Íntima e Praia Ltda',
      merchantCity: 'São Paulo',
      txid: 'VTR00000042ABC',
    });
    const fields = parsePix(payload);
    expect(fields?.get('54')).toBe('123.45');
    expect(fields?.get('59')).toBe('Vitrine Moda Intima e Pra');
    expect(fields?.get('60')).toBe('Sao Paulo');
    expect(fields?.get('62')).toBe('0514VTR00000042ABC');
    expect(fields?.get('26')).toBe('0014br.gov.bcb.pix0118pix@vitrine.com.br');
    expect(parsePix(payload.replace('123.45', '123.46'))).toBeNull();
  });
});

describe('boleto', () => {
  it('computes mod 10 and mod 11 check digits (reference values)', () => {
    expect(mod10('237929490')).toBe(9);
    expect(mod10('6000000000')).toBe(4);
    expect(mod10('0300065800')).toBe(9);
    expect(mod10('399903512')).toBe(8);
    expect(mod11('0019386000000040000000001207113000900020618')).toBe(5);
    expect(mod11('2379316800000001002949060000000000300065800')).toBe(6);
    expect(mod11('3999597400000001002461722000000001934404542')).toBe(1);
  });
  it('computes the due factor, including the 2025 restart at 1000', () => {
    expect(dueFactor('1997-10-08')).toBe('0001');
    expect(dueFactor('2000-07-03')).toBe('1000');
    expect(dueFactor('2006-06-10')).toBe('3168');
    expect(dueFactor('2025-02-21')).toBe('9999');
    expect(dueFactor('2025-02-22')).toBe('1000');
    expect(dueFactor('2025-02-23')).toBe('1001');
    expect(dueFactor('2049-10-13')).toBe('9999');
  });
  it('builds the Bradesco reference barcode and its linha digitável', () => {
    const barcode = boletoBarcode({
      bank: '237',
      dueDate: '2006-06-10',
      amountCents: 100,
      freeField: '2949060000000000300065800',
    });
    expect(barcode).toBe('23796316800000001002949060000000000300065800');
    const line = digitableLine(barcode);
    expect(formatDigitableLine(line)).toBe('23792.94909 60000.000004 03000.658009 6 31680000000100');
    expect(digitableLineValid(line)).toBe(true);
    expect(digitableLineValid(line.replace(/^2379/, '2378'))).toBe(false);
  });
});
