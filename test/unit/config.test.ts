import { describe, expect, it } from 'vitest';
import { paymentsConfigFor, PAYMENTS_CONFIG } from '../../src/commerce/payments/sandbox/payments-config';
import { ConfigError, LivePaymentsSchema, parseConfig, paymentsModeFor, type Bindings } from '../../src/env';

const DB = {} as D1Database;
const parse = (vars: Partial<Bindings> = {}) => parseConfig({ DB, ...vars });

describe('parseConfig', () => {
  it('has defaults for every var', () => {
    expect(parse()).toEqual({
      productName: 'vitrine',
      siteUrl: 'https://www.vitrine.com.br',
      imageHost: '/images',
      upstream: null,
      pageDataDeadlineMs: 1000,
      contentVersionTtlMs: 1000,
      rumSampleRate: 0.1,
      streamIdentity: false,
      cartMaxItemAmount: 10,
      cardService: 'rede',
      paypalDown: false,
      mail: null,
      outboxPage: false,
      paymentsMode: null,
    });
  });

  it('reads the real-user measurement sample (0 turns it off) and refuses one outside 0–1', () => {
    expect(parse({ RUM_SAMPLE_RATE: '0' }).rumSampleRate).toBe(0);
    expect(parse({ RUM_SAMPLE_RATE: '1' }).rumSampleRate).toBe(1);
    expect(() => parse({ RUM_SAMPLE_RATE: '1.5' })).toThrow();
    expect(() => parse({ RUM_SAMPLE_RATE: 'metade' })).toThrow();
  });

  it('configures the mail provider only with a URL', () => {
    expect(parse({ MAIL_PROVIDER_URL: 'https://mail.example/send', MAIL_PROVIDER_TOKEN: 'k' }).mail).toEqual({
      url: 'https://mail.example/send',
      token: 'k',
      from: 'Vitrine <nao-responda@vitrine.com.br>',
    });
    expect(() => parse({ MAIL_PROVIDER_URL: 'ftp://x' })).toThrow();
  });

  it('reads the card service and the PayPal sandbox switch', () => {
    expect(parse({ CARD_SERVICE: 'paypal', PAYPAL_SANDBOX: 'down' })).toMatchObject({
      cardService: 'paypal',
      paypalDown: true,
    });
    expect(() => parse({ CARD_SERVICE: 'cielo' })).toThrow();
  });

  it('reads PAYMENTS_MODE: unset or blank is null (decided by host), sandbox/live (any case), anything else refused', () => {
    expect(parse({ PAYMENTS_MODE: '' }).paymentsMode).toBeNull();
    expect(parse({ PAYMENTS_MODE: 'sandbox' }).paymentsMode).toBe('sandbox');
    expect(parse({ PAYMENTS_MODE: ' LIVE ' }).paymentsMode).toBe('live');
    expect(() => parse({ PAYMENTS_MODE: 'test' })).toThrow(
      /^Invalid configuration: PAYMENTS_MODE: must be sandbox or live/,
    );
  });

  it('refuses the retired PAYMENT_SIMULATION, naming its replacement (blank is ignored)', () => {
    expect(() => parse({ PAYMENT_SIMULATION: '1' })).toThrow(/PAYMENT_SIMULATION: replaced by PAYMENTS_MODE/);
    expect(parse({ PAYMENT_SIMULATION: ' ' }).paymentsMode).toBeNull();
  });

  it.each([
    // host, PAYMENTS_MODE, PRODUCT_NAME → mode
    ['localhost:8787', undefined, undefined, 'sandbox'],
    ['127.0.0.1', 'live', undefined, 'live'],
    ['vitrine-staging.workers.dev', undefined, undefined, 'sandbox'],
    ['www.vitrine.com.br', undefined, undefined, 'live'],
    ['www.vitrine.com.br', 'sandbox', undefined, 'live'],
    ['vitrine.com.br', 'sandbox', undefined, 'live'],
    ['WWW.loja.com.br:443', 'sandbox', 'loja', 'live'],
    ['loja.com.br', 'sandbox', 'loja', 'live'],
    ['vitrine.com.br', 'sandbox', 'loja', 'sandbox'],
  ])('host %s with PAYMENTS_MODE=%s (product %s) runs payments in %s mode', (host, mode, product, expected) => {
    expect(paymentsModeFor(parse({ PAYMENTS_MODE: mode, PRODUCT_NAME: product }), host)).toBe(expected);
  });

  it('reads CONTENT_VERSION_TTL_MS (0..60000 ms, blank = 1000) and refuses anything else', () => {
    expect(parse({}).contentVersionTtlMs).toBe(1000);
    expect(parse({ CONTENT_VERSION_TTL_MS: '0' }).contentVersionTtlMs).toBe(0);
    expect(parse({ CONTENT_VERSION_TTL_MS: ' ' }).contentVersionTtlMs).toBe(1000);
    for (const bad of ['-1', '60001', '1s', '0.5'])
      expect(() => parse({ CONTENT_VERSION_TTL_MS: bad })).toThrow(/CONTENT_VERSION_TTL_MS/);
  });

  it('reads PAGE_DATA_DEADLINE_MS (100..10000 ms, blank = 1000) and refuses anything else', () => {
    expect(parse({ PAGE_DATA_DEADLINE_MS: '2500' }).pageDataDeadlineMs).toBe(2500);
    expect(parse({ PAGE_DATA_DEADLINE_MS: ' ' }).pageDataDeadlineMs).toBe(1000);
    for (const bad of ['0', '99', '10001', '1s'])
      expect(() => parse({ PAGE_DATA_DEADLINE_MS: bad })).toThrow(/PAGE_DATA_DEADLINE_MS/);
  });

  it('bounds CART_MAX_ITEM_AMOUNT to 1..999', () => {
    expect(parse({ CART_MAX_ITEM_AMOUNT: '25' }).cartMaxItemAmount).toBe(25);
    expect(() => parse({ CART_MAX_ITEM_AMOUNT: '0' })).toThrow();
    expect(() => parse({ CART_MAX_ITEM_AMOUNT: '1000' })).toThrow();
  });

  it('strips trailing slashes from SITE_URL, IMAGE_HOST and COMMERCE_API_URL', () => {
    const config = parse({
      SITE_URL: 'https://vitrine.com.br//',
      IMAGE_HOST: 'https://img.vitrine.com.br/static/',
      COMMERCE_API_URL: 'https://api.vitrine.com.br/v1/',
    });
    expect(config.siteUrl).toBe('https://vitrine.com.br');
    expect(config.imageHost).toBe('https://img.vitrine.com.br/static');
    expect(config.upstream?.url).toBe('https://api.vitrine.com.br/v1');
  });

  it('lower-cases and trims PRODUCT_NAME', () => {
    expect(parse({ PRODUCT_NAME: '  Vitrine ' }).productName).toBe('vitrine');
  });

  it('configures the upstream with credentials and timeout', () => {
    expect(
      parse({
        COMMERCE_API_URL: ' http://upstream.test/api ',
        COMMERCE_API_USER: 'loja',
        COMMERCE_API_PASSWORD: 'x',
        COMMERCE_API_TIMEOUT_MS: '2500',
      }).upstream,
    ).toEqual({ url: 'http://upstream.test/api', user: 'loja', password: 'x', timeoutMs: 2500 });
  });

  it('treats a blank COMMERCE_API_URL as unset and a blank timeout as the default', () => {
    expect(parse({ COMMERCE_API_URL: '' }).upstream).toBeNull();
    expect(parse({ COMMERCE_API_URL: '   ' }).upstream).toBeNull();
    expect(parse({ COMMERCE_API_URL: 'https://u.test', COMMERCE_API_TIMEOUT_MS: '' }).upstream?.timeoutMs).toBe(8000);
  });

  it.each([
    ['not a url', 'COMMERCE_API_URL'],
    ['upstream.test/api', 'COMMERCE_API_URL'],
    ['ftp://upstream.test/api', 'COMMERCE_API_URL'],
    ['javascript:alert(1)', 'COMMERCE_API_URL'],
    ['https://upstream.test/api?key=1', 'COMMERCE_API_URL'],
    ['https://upstream.test/api#x', 'COMMERCE_API_URL'],
    ['https://loja:segredo@upstream.test/api', 'COMMERCE_API_URL'],
  ])('rejects COMMERCE_API_URL %s with a ConfigError naming it', (url, name) => {
    expect(() => parse({ COMMERCE_API_URL: url })).toThrow(ConfigError);
    expect(() => parse({ COMMERCE_API_URL: url })).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
  });

  it.each(['www.vitrine.com.br', 'mailto:a@b.c'])('rejects SITE_URL %s', (url) => {
    expect(() => parse({ SITE_URL: url })).toThrow(/SITE_URL/);
  });

  it.each([
    ['1', 1],
    ['8000', 8000],
    ['60000', 60_000],
  ])('accepts timeout %s ms', (raw, ms) => {
    expect(parse({ COMMERCE_API_URL: 'https://u.test', COMMERCE_API_TIMEOUT_MS: raw }).upstream?.timeoutMs).toBe(ms);
  });

  it.each(['0', '-5', '60001', '1.5', 'abc', '5s'])('rejects timeout %s', (raw) => {
    expect(() => parse({ COMMERCE_API_URL: 'https://u.test', COMMERCE_API_TIMEOUT_MS: raw })).toThrow(
      /COMMERCE_API_TIMEOUT_MS/,
    );
  });

  it.each([
    ['1', true],
    ['true', true],
    ['0', false],
    [undefined, false],
  ])('reads STREAM_IDENTITY=%s as %s', (raw, on) => {
    expect(parse({ STREAM_IDENTITY: raw }).streamIdentity).toBe(on);
  });

  it('memoises per env object and re-parses a new one', () => {
    const env = { DB, PRODUCT_NAME: 'a' };
    expect(parseConfig(env)).toBe(parseConfig(env));
    expect(parseConfig({ ...env, PRODUCT_NAME: 'b' }).productName).toBe('b');
  });

  it('keeps failing on every call for a bad env (no half-parsed config cached)', () => {
    const env = { DB, COMMERCE_API_URL: 'nope' };
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(ConfigError);
  });
});

describe('the one env schema, parsed in two parts', () => {
  it('leaves the live payment settings to their part: a bad one fails no request', () => {
    const vars = { PIX_API_URL: 'not a url', PAYMENT_PROVIDER_TIMEOUT_MS: 'x' } as Partial<Bindings>;
    expect(() => parse(vars)).not.toThrow();
    const live = LivePaymentsSchema.safeParse({ ...vars, SITE_URL: 'not a url either' });
    expect(live.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'PAYMENT_PROVIDER_TIMEOUT_MS: Invalid input: expected number, received NaN',
      'PIX_API_URL: must be an http(s) URL',
    ]);
  });

  it('merges the configured card service and PayPal switch into the payments settings once', () => {
    const payments = paymentsConfigFor(parse({ CARD_SERVICE: 'paypal', PAYPAL_SANDBOX: 'down' }));
    expect(payments).toEqual({ ...PAYMENTS_CONFIG, cardService: 'paypal', paypalDown: true });
    expect(paymentsConfigFor(parse())).toEqual(PAYMENTS_CONFIG);
  });
});
