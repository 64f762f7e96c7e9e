import { describe, expect, it } from 'vitest';
import { placeOf } from '../../src/commerce/shipping/regions';
import {
  CARRIERS,
  cutoffDelay,
  FACTORY_PACKAGE,
  quote,
  SHIPPING_CONFIG,
  type QuoteInput,
} from '../../src/commerce/shipping/quote';

// Tuesday 2026-11-24, 10:00 in São Paulo (UTC-3): before the 14h cut-off.
const MORNING = new Date('2026-11-24T13:00:00Z');
const AFTERNOON = new Date('2026-11-24T18:00:00Z');
const SATURDAY = new Date('2026-11-28T13:00:00Z');

const IPANEMA = {
  key: 'rj-ipanema',
  name: 'Vitrine Ipanema',
  address: 'Rua Visconde de Pirajá, 350',
  city: 'Rio de Janeiro',
  state: 'RJ',
};
const SAVASSI = {
  key: 'bh-savassi',
  name: 'Vitrine Savassi',
  address: 'Rua Pernambuco, 1000',
  city: 'Belo Horizonte',
  state: 'MG',
};

function input(over: Partial<QuoteInput> = {}): QuoteInput {
  return {
    cep: '01310100',
    valueCents: 15990,
    now: MORNING,
    packages: [FACTORY_PACKAGE],
    pickup: [],
    config: SHIPPING_CONFIG,
    ...over,
  };
}

describe('placeOf (CEP → state and zone)', () => {
  it('places CEPs by the Correios ranges', () => {
    const cases: [string, string, boolean][] = [
      ['01310100', 'SP', true],
      ['13083970', 'SP', false],
      ['22410003', 'RJ', true],
      ['29101000', 'ES', false],
      ['30140071', 'MG', true],
      ['40010000', 'BA', true],
      ['49000000', 'SE', true],
      ['50030000', 'PE', true],
      ['57000000', 'AL', true],
      ['58000000', 'PB', true],
      ['59000000', 'RN', true],
      ['60000000', 'CE', true],
      ['64000000', 'PI', true],
      ['65000000', 'MA', true],
      ['66000000', 'PA', true],
      ['68900000', 'AP', true],
      ['69000000', 'AM', true],
      ['69300000', 'RR', true],
      ['69900000', 'AC', true],
      ['70040000', 'DF', true],
      ['74000000', 'GO', true],
      ['76800000', 'RO', true],
      ['77000000', 'TO', true],
      ['78000000', 'MT', true],
      ['79000000', 'MS', true],
      ['80010000', 'PR', true],
      ['88053300', 'SC', true],
      ['89010000', 'SC', false],
      ['90010000', 'RS', true],
    ];
    for (const [cep, state, capital] of cases) expect(placeOf(cep), cep).toMatchObject({ state, capital });
  });
  it('zones São Paulo apart (capital and interior) and the rest by distance from the factory', () => {
    expect(placeOf('01310100')?.zone).toBe('local');
    expect(placeOf('13083970')?.zone).toBe('estadual');
    expect(placeOf('22410003')?.zone).toBe('z1');
    expect(placeOf('90010000')?.zone).toBe('z2');
    expect(placeOf('40010000')?.zone).toBe('z3');
    expect(placeOf('69000000')?.zone).toBe('z4');
  });
  it('has no place for Fernando de Noronha or the unassigned 00xxx range', () => {
    expect(placeOf('53990000')).toBeNull();
    expect(placeOf('53990999')).toBeNull();
    expect(placeOf('00999999')).toBeNull();
    expect(placeOf('00000000')).toBeNull();
    expect(placeOf('53989999')?.state).toBe('PE');
  });
});

describe('quote', () => {
  it('quotes PAC (normal) and SEDEX/Loggi (expressa) from the factory for a São Paulo capital CEP', () => {
    const result = quote(input())!;
    expect(Object.keys(result)).toEqual(['fabrica']);
    const fabrica = result.fabrica!;
    expect(fabrica.map((o) => [o.type, o.carrierId])).toEqual([
      ['normal', CARRIERS.pac.id],
      ['expressa', CARRIERS.loggi.id],
      ['expressa', CARRIERS.sedex.id],
    ]);
    expect(fabrica[0]).toEqual({ type: 'normal', carrier: 'Correios PAC', carrierId: 1, price: 1590, deadline: 3 });
  });

  it('charges more and takes longer farther away and in the interior', () => {
    const pac = (cep: string) => quote(input({ cep }))!.fabrica!.find((o) => o.type === 'normal')!;
    expect(pac('40010000').price).toBeGreaterThan(pac('22410003').price);
    expect(pac('69000000').deadline).toBeGreaterThan(pac('40010000').deadline);
    expect(pac('29101000').price).toBeGreaterThan(pac('29000000').price);
    expect(pac('29101000').deadline).toBeGreaterThan(pac('29000000').deadline);
  });

  it('runs Loggi only in the capitals it serves', () => {
    const carriers = (cep: string) => quote(input({ cep }))!.fabrica!.map((o) => o.carrier);
    expect(carriers('22410003')).toContain('Loggi');
    expect(carriers('13083970')).not.toContain('Loggi');
    expect(carriers('40010000')).not.toContain('Loggi');
  });

  it('makes express delivery free above R$ 499 (spec §9), never the normal one', () => {
    const at = quote(input({ valueCents: 49_900 }))!.fabrica!;
    expect(at.filter((o) => o.type === 'expressa').every((o) => o.price > 0)).toBe(true);
    const above = quote(input({ valueCents: 49_901 }))!.fabrica!;
    expect(above.filter((o) => o.type === 'expressa').map((o) => o.price)).toEqual([0, 0]);
    expect(above.find((o) => o.type === 'normal')!.price).toBe(1590);
  });

  it('offers pickup, free, only at the stores given (those holding the SKU), same state first', () => {
    const result = quote(input({ cep: '22410003', pickup: [SAVASSI, IPANEMA] }))!;
    expect(Object.keys(result)).toEqual(['fabrica', 'rj-ipanema', 'bh-savassi']);
    expect(result['rj-ipanema']).toEqual([
      { type: 'pickup', carrier: 'Retirada na loja', carrierId: 90, price: 0, deadline: 0, store: IPANEMA_STORE },
    ]);
    expect(quote(input({ pickup: [] }))!['rj-ipanema']).toBeUndefined();
  });

  it('lists only pickup when nothing ships home', () => {
    expect(quote(input({ packages: [], pickup: [IPANEMA] }))).toEqual({
      'rj-ipanema': [expect.objectContaining({ type: 'pickup' })],
    });
  });

  it('quotes one home list per package, each priced from its store: local in its own state, by zone elsewhere', () => {
    const packages = [
      { key: 'fabrica', state: 'SP' },
      { key: 'rj-ipanema', state: 'RJ' },
    ];
    const rio = quote(input({ cep: '22410003', packages, pickup: [IPANEMA] }))!;
    expect(Object.keys(rio)).toEqual(['fabrica', 'rj-ipanema']);
    const rioFactory = rio.fabrica!.find((o) => o.carrierId === 1)!;
    const rioStore = rio['rj-ipanema']!.filter((o) => o.type !== 'pickup');
    expect(rioFactory.price).toBe(2490);
    expect(rioStore.find((o) => o.carrierId === 1)).toMatchObject({ price: 1590, deadline: 3 });
    // A store shipping a package and holding the whole cart lists both.
    expect(rio['rj-ipanema']!.map((o) => o.type)).toEqual(['normal', 'expressa', 'expressa', 'pickup']);
    // To São Paulo from Rio: the first zone's prices.
    const sp = quote(input({ packages }))!;
    expect(sp['rj-ipanema']!.find((o) => o.carrierId === 1)!.price).toBe(2490);
    expect(sp.fabrica!.find((o) => o.carrierId === 1)!.price).toBe(1590);
    expect(Object.keys(quote(input({ packages: [], pickup: [IPANEMA] }))!)).toEqual(['rj-ipanema']);
  });

  it('has no answer for a CEP without shipping or with nothing to offer', () => {
    expect(quote(input({ cep: '53990000', pickup: [IPANEMA] }))).toBeNull();
    expect(quote(input({ cep: '00500000' }))).toBeNull();
    expect(quote(input({ packages: [], pickup: [] }))).toBeNull();
  });

  it('moves every deadline one business day after the 14h cut-off, on weekends and on bank holidays', () => {
    expect(cutoffDelay(MORNING, 14)).toBe(0);
    expect(cutoffDelay(AFTERNOON, 14)).toBe(1);
    expect(cutoffDelay(SATURDAY, 14)).toBe(1);
    // A national holiday on a weekday is no business day either: Christmas (Friday 25/12/2026) and Good Friday
    // (a movable one: 26/03/2027) at 10h in São Paulo; the next morning after them counts as usual.
    expect(cutoffDelay(new Date('2026-12-25T13:00:00Z'), 14)).toBe(1);
    expect(cutoffDelay(new Date('2027-03-26T13:00:00Z'), 14)).toBe(1);
    expect(cutoffDelay(new Date('2026-12-28T13:00:00Z'), 14)).toBe(0);
    // The hour is São Paulo's: 23h30 UTC on a Tuesday is 20h30 there, after the cut-off; 01h UTC Wednesday is still Tuesday there.
    expect(cutoffDelay(new Date('2026-11-24T23:30:00Z'), 14)).toBe(1);
    expect(cutoffDelay(new Date('2026-11-25T16:59:00Z'), 14)).toBe(0);
    const late = quote(input({ now: AFTERNOON, pickup: [IPANEMA] }))!;
    expect(late.fabrica![0]!.deadline).toBe(4);
    expect(late['rj-ipanema']![0]!.deadline).toBe(1);
  });
});

const IPANEMA_STORE = { name: IPANEMA.name, address: IPANEMA.address, city: IPANEMA.city, state: IPANEMA.state };
