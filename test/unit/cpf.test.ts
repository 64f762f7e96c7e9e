import { describe, expect, it } from 'vitest';
import { placeForCep } from '../../src/lib/customer/cep';
import { cpfCheckDigit, formatCpf, isValidCpf, maskCpf, normalizeCpf } from '../../src/lib/customer/cpf';
import { isStrongPassword } from '../../src/lib/security/password';
import { mulberry32 } from '../../src/db/seed/random';

/** A valid CPF built from nine base digits (independent of the module: the textbook algorithm). */
function makeCpf(base: string): string {
  const digit = (digits: string) => {
    const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (digits.length + 1 - i), 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = digit(base);
  return base + d1 + digit(base + d1);
}

const random = mulberry32(20261122);
const bases = Array.from({ length: 200 }, () => String(Math.floor(random() * 1e9)).padStart(9, '0')).filter(
  (b) => !/^(\d)\1{8}$/.test(b),
);

describe('cpf', () => {
  it('accepts generated valid CPFs, formatted or not', () => {
    for (const base of bases) {
      const cpf = makeCpf(base);
      expect(isValidCpf(cpf), cpf).toBe(true);
      expect(isValidCpf(formatCpf(cpf)), cpf).toBe(true);
    }
    expect(isValidCpf('529.982.247-25')).toBe(true);
  });

  it('rejects each check digit wrong', () => {
    for (const base of bases) {
      const cpf = makeCpf(base);
      for (const position of [9, 10]) {
        const wrong = cpf.slice(0, position) + ((Number(cpf[position]) + 1) % 10) + cpf.slice(position + 1);
        expect(isValidCpf(wrong), wrong).toBe(false);
      }
    }
  });

  it('rejects all-same digits even though their check digits add up', () => {
    for (let d = 0; d <= 9; d += 1) {
      const same = String(d).repeat(11);
      expect(makeCpf(same.slice(0, 9))).toBe(same);
      expect(isValidCpf(same)).toBe(false);
    }
  });

  it('left-pads with zeros to 11 digits', () => {
    const padded = makeCpf('000123456');
    expect(padded.startsWith('000')).toBe(true);
    const short = padded.replace(/^0+/, '');
    expect(short.length).toBeLessThan(11);
    expect(normalizeCpf(short)).toBe(padded);
    expect(isValidCpf(short)).toBe(true);
  });

  it('rejects too long, empty and lettered input', () => {
    expect(isValidCpf('')).toBe(false);
    expect(isValidCpf(makeCpf('123456789') + '1')).toBe(false);
    expect(normalizeCpf('abc')).toBe('');
    expect(isValidCpf('abc')).toBe(false);
  });

  it('computes check digits like the textbook rule', () => {
    expect(cpfCheckDigit('529982247')).toBe(2);
    expect(cpfCheckDigit('5299822472')).toBe(5);
  });

  it('formats and masks for display', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('52998224725')).toBe('***.982.247-**');
    expect(maskCpf('***.982.247-**')).toBe('***.982.247-**');
  });
});

describe('password strength', () => {
  it('needs 8+ characters with a letter and a digit', () => {
    expect(isStrongPassword('abc12345')).toBe(true);
    expect(isStrongPassword('Senha forte 2026')).toBe(true);
    expect(isStrongPassword('abc1234')).toBe(false);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('12345678')).toBe(false);
    expect(isStrongPassword('a1'.repeat(65))).toBe(false);
  });
});

describe('CEP places', () => {
  it('knows the street of a well-known CEP', () => {
    expect(placeForCep('01310-100')).toEqual({
      state: 'SP',
      city: 'São Paulo',
      street: 'Avenida Paulista',
      district: 'Bela Vista',
    });
  });
  it('knows the capital and state by prefix, and the state alone elsewhere', () => {
    expect(placeForCep('20040-020')).toMatchObject({ state: 'RJ', city: 'Rio de Janeiro', street: null });
    expect(placeForCep('13010-000')).toEqual({ state: 'SP', city: null, street: null, district: null });
    expect(placeForCep('69400-000')?.state).toBe('AM');
  });
  it('answers nothing for incomplete or impossible CEPs', () => {
    expect(placeForCep('0131')).toBeNull();
    expect(placeForCep('00000-000')).toBeNull();
  });
});
