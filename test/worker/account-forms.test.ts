import { beforeAll, describe, expect, it } from 'vitest';
import { PAULISTA } from '../unit/address-fixture';
import { apiError } from './customer-fixtures';
import { createCustomerSession, makeApp, ORIGIN, sameOriginJson, seed } from './app-harness';

const app = makeApp();
const form = (fields: Record<string, string>, cookie: string): RequestInit => ({
  method: 'POST',
  headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie },
  body: new URLSearchParams(fields).toString(),
});
const ADDRESS = PAULISTA;

beforeAll(() => seed());

describe('the address form and /api/addresses refuse invalid data (one schema)', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['an all-zero CEP', { zipCode: '00000000' }, 'CEP inválido. Informe os 8 dígitos.'],
    ['an unknown UF', { state: 'XX' }, 'UF inválida. Escolha o estado.'],
    ['a CEP of another UF', { city: 'Rio', state: 'RJ' }, 'O CEP não é deste estado. Confira o CEP e a UF.'],
    ['a negative number', { number: '-5' }, 'Número inválido. Use só algarismos ou S/N (sem número).'],
  ];
  for (const [what, patch, message] of cases) {
    it(`${what}: 400 with "${message}", and nothing saved`, async () => {
      const ana = await createCustomerSession();
      const page = await app.request('/minha-conta/enderecos', form({ ...ADDRESS, ...patch }, ana.cookie));
      expect(page.status).toBe(400);
      const html = await page.text();
      expect(html).toContain('Confira os campos destacados.');
      expect(html).toContain(message);
      const api = await app.request('/api/addresses', sameOriginJson('POST', { ...ADDRESS, ...patch }, { cookie: ana.cookie }));
      expect(api.status).toBe(400);
      expect(JSON.stringify(await apiError(api))).toContain(message);
      const listed = (await (await app.request('/api/addresses', { headers: { cookie: ana.cookie } })).json()) as { addresses: unknown[] };
      expect(listed.addresses).toEqual([]);
    });
  }

  it('takes a valid address, and "s/n" as the number S/N', async () => {
    const ana = await createCustomerSession();
    expect((await app.request('/minha-conta/enderecos', form({ ...ADDRESS, number: 's/n' }, ana.cookie))).status).toBe(303);
    const listed = await (await app.request('/api/addresses', { headers: { cookie: ana.cookie } })).json();
    expect(listed).toMatchObject({ addresses: [{ zipCode: '01310100', state: 'SP', number: 'S/N' }] });
  });
});
