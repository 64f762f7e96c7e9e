import { describe, expect, it } from 'vitest';
import {
  cepRegion,
  formatCep,
  isCepDigits,
  isCompleteCep,
  normalizeCep,
  UFS,
  ufForCep,
} from '../../src/lib/customer/cep';
import { AddressInputSchema, DeliveryAddressSchema } from '../../src/contracts/customers';
import { addressErrors } from '../../src/lib/customer/address';
import { PAULISTA } from './address-fixture';

describe('cep', () => {
  it('normalises to digits only', () => {
    expect(normalizeCep('01310-100')).toBe('01310100');
    expect(normalizeCep(' 01.310-100 ')).toBe('01310100');
    expect(normalizeCep('abc')).toBe('');
  });
  it('formats with a hyphen after the 5th digit (spec §5)', () => {
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('01310-100')).toBe('01310-100');
  });
  it('masks partial input as it is typed and drops extra digits', () => {
    expect(formatCep('0131')).toBe('0131');
    expect(formatCep('01310')).toBe('01310');
    expect(formatCep('013101')).toBe('01310-1');
    expect(formatCep('013101009999')).toBe('01310-100');
  });
  it('is complete with exactly 8 digits', () => {
    expect(isCompleteCep('01310-100')).toBe(true);
    expect(isCompleteCep('1310-100')).toBe(false);
  });
  it('takes a normalised CEP as digits only: no hyphen, no spaces, exactly eight', () => {
    expect(isCepDigits('01310100')).toBe(true);
    expect(['01310-100', ' 01310100', '0131010', '013101000', '０１３１０１００'].map(isCepDigits)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('the one CEP range table (shipping zones and address autofill read it)', () => {
  it('gives the state and, in its range, the capital of a normalised CEP', () => {
    expect(cepRegion('01310100')).toEqual({ state: 'SP', capital: 'São Paulo' });
    expect(cepRegion('13083970')).toEqual({ state: 'SP', capital: null });
    expect(cepRegion('73000000')).toEqual({ state: 'DF', capital: 'Brasília' });
    expect(cepRegion('72900000')).toEqual({ state: 'GO', capital: null });
    expect(cepRegion('00999999')).toBeNull();
    expect(cepRegion('01310-100')).toBeNull();
  });
});

describe('CEP and UF (Correios ranges)', () => {
  it('knows the 27 UFs', () => {
    expect(UFS).toHaveLength(27);
    expect(UFS).toContain('DF');
    expect(UFS).not.toContain('XX');
  });
  it("gives a CEP's UF by its range, and none below 01000-000", () => {
    // prettier-ignore
    const table: [string, string | null][] = [
      ['01310-100', 'SP'], ['20040020', 'RJ'], ['69301-000', 'RR'], ['69400-000', 'AM'], ['72900-000', 'GO'],
      ['73000-000', 'DF'], ['99999-999', 'RS'], ['00000-000', null], ['00999-999', null], ['0131010', null],
    ];
    for (const [cep, uf] of table) expect(ufForCep(cep), cep).toBe(uf);
  });
});

describe('an address (account form and /api/addresses: one schema)', () => {
  const address = { ...PAULISTA, state: 'sp' };
  const errors = (patch: Partial<typeof address>) => {
    const parsed = AddressInputSchema.safeParse({ ...address, ...patch });
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('takes a valid one (UF upper-cased, CEP as digits, "s/n" as S/N)', () => {
    expect(AddressInputSchema.parse(address)).toMatchObject({ zipCode: '01310100', state: 'SP', number: '1000' });
    expect(AddressInputSchema.parse({ ...address, number: 's/n' }).number).toBe('S/N');
  });
  it('takes the house numbers Brazilian addresses use ("123A" and "km 5" among them), one spelling each', () => {
    const numberOf = (number: string) => AddressInputSchema.parse({ ...address, number }).number;
    expect(['123A', '123 a', '123-a', '1.000', '1.500', 'km 5', 'KM 12,5', 'S / N.'].map(numberOf)).toEqual([
      '123A',
      '123A',
      '123A',
      '1000',
      '1500',
      'km 5',
      'km 12,5',
      'S/N',
    ]);
  });
  it('refuses an unknown UF, an all-zero CEP, a CEP of another UF and a negative or non-numeric number', () => {
    expect(errors({ state: 'XX' })).toMatchObject({ state: 'UF inválida. Escolha o estado.' });
    expect(errors({ zipCode: '00000000' })).toMatchObject({
      zipCode: 'CEP inexistente. Confira os números digitados.',
    });
    expect(errors({ zipCode: '0131010' })).toMatchObject({ zipCode: 'CEP inválido. Informe os 8 dígitos.' });
    expect(errors({ city: 'Rio', state: 'RJ' })).toEqual({ state: 'O CEP não é deste estado. Confira o CEP e a UF.' });
    for (const number of ['-5', '0', '012', '12ab', '1500 bloco B', 'km', 'apto 3'])
      expect(errors({ number })).toEqual({
        number:
          'Número inválido. Use algarismos (123 ou 123A), km (km 5) ou S/N; bloco e apartamento vão no complemento.',
      });
  });
});

describe("the checkout's delivery address (same rule: finish-order's schema, and the browser's check without zod)", () => {
  const { receiver: _receiver, ...typed } = PAULISTA;
  const schemaErrors = (patch: Partial<typeof typed>) => {
    const parsed = DeliveryAddressSchema.safeParse({ ...typed, ...patch });
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  // prettier-ignore
  const cases: Partial<typeof typed>[] = [
    {}, { state: 'XX' }, { state: 'sp' }, { zipCode: '00000000' }, { zipCode: '20040-002' }, { number: '-5' }, { number: 's/n' },
    { number: '' }, { street: ' ' }, { city: 'x'.repeat(81) }, { zipCode: '00000-000', state: 'XX', number: '0' },
  ];
  it('refuses and accepts the same addresses with the same pt-BR message per field', () => {
    for (const patch of cases)
      expect(addressErrors({ ...typed, ...patch }), JSON.stringify(patch)).toEqual(schemaErrors(patch));
    expect(schemaErrors({ state: 'XX' })).toEqual({ state: 'UF inválida. Escolha o estado.' });
    expect(schemaErrors({ zipCode: '20040-002' })).toEqual({
      state: 'O CEP não é deste estado. Confira o CEP e a UF.',
    });
  });
  it('keeps the complement absent when empty (the order snapshot shape), and writes the CEP, UF and S/N as the account does', () => {
    expect(DeliveryAddressSchema.parse({ ...typed, state: 'sp', number: 's / n', complement: '' })).toEqual({
      ...typed,
      zipCode: '01310100',
      state: 'SP',
      number: 'S/N',
    });
    expect(DeliveryAddressSchema.parse({ ...typed, complement: ' apto 12 ' }).complement).toBe('apto 12');
  });
});
