import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_ACTIONS } from '../../src/lib/cart/cart-forms';
import { BASIC_FIELDS } from '../../src/ui/checkout/basic-form';
import { createOperatorSession } from './backoffice-fixtures';
import { cartWith, orderBody, skuWithStock } from './checkout-helpers';
import { registration } from './customer-fixtures';
import { FORM_CONTENT_TYPES, PROTO_NAMES, SEARCH_WORDS, wordValue } from './fuzz-words';
import { createCustomerSession, makeApp, ORIGIN, seed } from './app-harness';

/**
 * Property-based fuzzing of EVERY `/api` endpoint and every form route (issue 15). The routes are read from
 * the app's own routers, so a new route without an entry below fails the first test. For each route,
 * `FUZZ_RUNS` inputs (20 in the test tier, a fresh seed each run; `npm run fuzz`: 1,000) built from a valid sample with fields
 * replaced by hostile values — control characters, NUL, bidi marks, case-expanding text, wrong types, huge
 * numbers, nested junk, real search words and every Object.prototype name (`constructor`, `__proto__`…) as
 * values, keys and path parameters — or by junk outright. Form routes also get every Content-Type × charset. Properties: never a 5xx; every 4xx carries a pt-BR message;
 * a refused state-changing request leaves the store's data unchanged. Seeded (`FUZZ_SEED`, printed).
 */
const RUNS = Math.max(1, Number(env.FUZZ_RUNS || 20));
const SEED = env.FUZZ_SEED ? Number(env.FUZZ_SEED) : Date.now() % 2_147_483_647;
console.log(
  `fuzz: seed ${SEED}, ${RUNS} runs per endpoint (reproduce: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npm run fuzz)`,
);

const app = makeApp();

// ---------------------------------------------------------------- hostile values

const HOSTILE_CHARS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
  '\t',
  '\n',
  '\r',
  '\u200b',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u061c',
  '\ufeff',
  '\u2028',
  '\u2029',
  '\ud800',
  '\udfff',
  'İ',
  'ß',
  'ﬃ',
  'ŉ',
  'ΐ',
  'Ⱥ',
  '🙂',
  '%00',
  '%2F',
  '%5C',
  '\\',
  '/',
  '..',
  "'",
  '"',
  '<',
  '>',
  '&',
  ';',
  '--',
  '*',
  ' ',
  'a',
  '1',
  '@',
];
const hostileString = fc.oneof(
  wordValue,
  fc.string({ unit: fc.constantFrom(...HOSTILE_CHARS), maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 32 }),
  fc.string({ maxLength: 32 }),
  fc.constantFrom('İ'.repeat(200), 'ß'.repeat(120), 'ﬃ'.repeat(90), 'Ⱥ'.repeat(150), 'a'.repeat(5000), '', ' ', '0'),
  fc
    .tuple(
      fc.constantFrom('maria@example.com', '529.982.247-25', 'Maria Oliveira', '01310-100', 'BEMVINDO10', '1'),
      fc.constantFrom(...HOSTILE_CHARS),
    )
    .map(([valid, bad]) => valid + bad),
);
const hugeNumber = fc.constantFrom(
  1e308,
  -1e308,
  2 ** 53,
  -(2 ** 53),
  2 ** 31,
  2 ** 63,
  0,
  -1,
  0.5,
  1e-300,
  999_999_999_999,
);
const junk: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hugeNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('node'), { maxKeys: 4 }),
  ),
})).node;
const anyValue = fc.oneof(
  hostileString,
  hostileString,
  hugeNumber,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  junk,
);

/** A valid sample with some fields replaced by hostile values (or removed, or extra keys), or junk outright. */
function bodyFrom(sample: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(sample);
  const mutations = keys.length
    ? [
        fc.constantFrom(...keys).chain((key) => anyValue.map((value) => ({ ...sample, [key]: value }))),
        fc.constantFrom(...keys).chain((key) => hostileString.map((value) => ({ ...sample, [key]: value }))),
        fc
          .dictionary(fc.constantFrom(...keys), anyValue, { maxKeys: keys.length })
          .map((changes) => ({ ...sample, ...changes })),
        fc.subarray(keys).map((drop) => Object.fromEntries(Object.entries(sample).filter(([k]) => !drop.includes(k)))),
      ]
    : [];
  return fc.oneof(...mutations, fc.dictionary(hostileString, junk, { maxKeys: 5 }), junk);
}

/** Form fields: the known names with hostile values (and stray ones). */
function fieldsFrom(
  names: readonly string[],
  sample: Record<string, string> = {},
): fc.Arbitrary<Record<string, string>> {
  const known = names.length
    ? fc.dictionary(fc.constantFrom(...names), hostileString, { maxKeys: names.length })
    : fc.constant({});
  return fc
    .tuple(known, fc.dictionary(hostileString, hostileString, { maxKeys: 2 }), fc.boolean())
    .map(([fields, stray, keepSample]) => ({
      ...(keepSample ? sample : {}),
      ...fields,
      ...stray,
    }));
}

/** A path parameter: a plausible id or a hostile one (URL-encoded into the path). */
const paramValue = fc.oneof(
  fc.constantFrom('1', '2', '999999', '0', '-1', '1e3', '99999999999999999999'),
  hostileString,
  fc.nat().map(String),
);

// ---------------------------------------------------------------- the endpoints

type Auth = 'customer' | 'operator' | 'none';
console.log(`fuzz: dictionary of ${PROTO_NAMES.length} Object.prototype names and ${SEARCH_WORDS.length} search words`);

interface Entry {
  /** `json` body, `query` string, `form` post, or nothing but path parameters. */
  kind: 'json' | 'query' | 'form' | 'none';
  sample?: Record<string, unknown>;
  fields?: readonly string[];
  auth?: Auth;
}

const fx = { cartId: 'x'.repeat(16), customerCookie: '', operatorCookie: '', sku: 1 };
const ADDRESS = {
  receiver: 'Maria Oliveira',
  zipCode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  complement: null,
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};
const ADDRESS_FIELDS = [
  'label',
  'receiver',
  'zipCode',
  'street',
  'number',
  'complement',
  'neighborhood',
  'city',
  'state',
  'isDefault',
];
const cart = () => ({ cartId: fx.cartId });
const shoppingCart = () => ({ shoppingCart: fx.cartId });

/** Every route the fuzzer knows, keyed `METHOD path` exactly as the routers register it. */
const ENTRIES: Record<string, Entry | (() => Entry)> = {
  // /api: reads
  'GET /api/parameters': { kind: 'query', fields: ['key'] },
  'GET /api/live-menus': { kind: 'query', fields: ['menu'] },
  'GET /api/whatsapp': { kind: 'query', fields: ['page'] },
  'GET /api/payment-methods': { kind: 'query', fields: ['cartId'] },
  'GET /api/catalog/listing': {
    kind: 'query',
    fields: ['slug', 'page', 'sort', 'size', 'color', 'priceMin', 'priceMax', 'pageSize'],
  },
  'GET /api/search': { kind: 'query', fields: ['q', 'page', 'sort', 'size', 'color'] },
  'GET /api/search/suggest': { kind: 'query', fields: ['q'] },
  'GET /api/cart': () => ({ kind: 'query', fields: ['cartId', 'shipping', 'reprocess'], sample: cart() }),
  'GET /api/sitemap': { kind: 'query', fields: ['page'] },
  'GET /api/feed/items': { kind: 'query', fields: ['after', 'limit'], sample: { after: '0', limit: '5' } },
  'GET /api/products/:slug': { kind: 'none' },
  'GET /api/omnichannel': () => ({
    kind: 'query',
    fields: ['zip_code', 'shopping_cart_hash', 'product_item_id', 'amount'],
    sample: { zip_code: '01310100', shopping_cart_hash: fx.cartId },
  }),
  'GET /api/me': { kind: 'none', auth: 'customer' },
  'GET /api/cashback/statement': { kind: 'none', auth: 'customer' },
  'GET /api/sales': { kind: 'none', auth: 'customer' },
  'GET /api/favorites': { kind: 'query', fields: ['pdc'], auth: 'customer' },
  'GET /api/addresses': { kind: 'none', auth: 'customer' },
  'GET /api/exchanges': { kind: 'none', auth: 'customer' },
  'GET /api/backoffice/me': { kind: 'none', auth: 'operator' },
  'GET /api/backoffice/orders': { kind: 'query', fields: ['status', 'page'], auth: 'operator' },
  'GET /api/backoffice/orders/:id{[0-9]{1,9}}': { kind: 'none', auth: 'operator' },
  'GET /api/backoffice/orders/:id{[0-9]{1,9}}/payment': { kind: 'none', auth: 'operator' },
  'GET /api/backoffice/exchanges': { kind: 'query', fields: ['status', 'page'], auth: 'operator' },
  'GET /api/backoffice/staff': { kind: 'none', auth: 'operator' },
  'GET /api/backoffice/audit': {
    kind: 'query',
    fields: ['entity', 'staff', 'from', 'to', 'page'],
    sample: { entity: 'order', from: '2026-01-01' },
    auth: 'operator',
  },
  'GET /api/backoffice/audit/export': {
    kind: 'query',
    fields: ['entity', 'staff', 'from', 'to', 'formato'],
    sample: { formato: 'csv' },
    auth: 'operator',
  },
  'GET /api/staff-invite': { kind: 'query', fields: ['token'], sample: { token: 'x'.repeat(43) } },
  'GET /api/backoffice/stock': { kind: 'query', fields: ['q', 'page'], auth: 'operator' },
  'GET /api/backoffice/products': { kind: 'query', fields: ['q', 'page'], auth: 'operator' },
  'GET /api/backoffice/products/categories': { kind: 'none', auth: 'operator' },
  'GET /api/backoffice/products/:id{[0-9]{1,9}}': { kind: 'none', auth: 'operator' },
  'GET /api/backoffice/stock/:sku{[A-Za-z0-9._-]{1,64}}': { kind: 'none', auth: 'operator' },
  'GET /api/order-confirmation': { kind: 'query', fields: ['orderIds', 'token'] },
  'GET /api/order-status': { kind: 'query', fields: ['orderIds', 'token'] },
  'GET /api/orders': { kind: 'query', fields: ['page'], auth: 'customer' },
  'GET /api/orders/:id{[0-9]{1,12}}': { kind: 'none', auth: 'customer' },
  'GET /api/orders/:id{[0-9]{1,12}}/refund-bank-details': { kind: 'none', auth: 'customer' },
  'GET /api/installments': { kind: 'query', fields: ['total'], sample: { total: '10000' } },
  'GET /api/payments/sandbox/:reference': { kind: 'none' },
  'GET /api/cart/request-token': () => ({ kind: 'query', fields: ['cartId'], sample: cart() }),
  // /api: writes
  'POST /api/cart': () => ({
    kind: 'json',
    sample: { productItemId: fx.sku, amount: 1, gift: false, cartId: fx.cartId, giftCoupon: null, insertedLink: null },
  }),
  'PUT /api/cart': () => ({ kind: 'json', sample: { ...cart(), itemId: 1, amount: 2 } }),
  'DELETE /api/cart': () => ({ kind: 'json', sample: { ...cart(), itemId: 1 } }),
  'PATCH /api/cart': () => ({ kind: 'json', sample: { ...cart(), email: 'maria@example.com' } }),
  'POST /api/coupon/discount': () => ({ kind: 'json', sample: { ...shoppingCart(), coupon: 'BEMVINDO10' } }),
  'POST /api/coupon/seller-coupon': () => ({ kind: 'json', sample: { ...shoppingCart(), coupon: 'MARIANA10' } }),
  'POST /api/coupon/reprocess': () => ({ kind: 'json', sample: shoppingCart() }),
  'POST /api/coupon/remove-coupons': () => ({ kind: 'json', sample: shoppingCart() }),
  'POST /api/coupon/remove-coupon-discount': () => ({ kind: 'json', sample: shoppingCart() }),
  'POST /api/coupon/remove-coupon-seller': () => ({ kind: 'json', sample: shoppingCart() }),
  'POST /api/cashback': () => ({ kind: 'json', sample: { ...shoppingCart(), cashback: 100 }, auth: 'customer' }),
  'POST /api/cashback/remove': () => ({ kind: 'json', sample: { hash: fx.cartId }, auth: 'customer' }),
  'POST /api/cashback/toEvaluate': () => ({ kind: 'json', sample: cart(), auth: 'customer' }),
  'POST /api/cart/user': () => ({ kind: 'json', sample: { user: 1, shoppingCart: fx.cartId }, auth: 'customer' }),
  'POST /api/cart/progressive': () => ({ kind: 'json', sample: cart() }),
  'POST /api/cart/validate-shipping': () => ({
    kind: 'json',
    sample: {
      ...cart(),
      zip_code: '01310100',
      selectedOption: { type: 'normal', carrier: 'Correios PAC', carrierId: 1, price: 0, deadline: 3 },
      shippingInformation: null,
    },
  }),
  'POST /api/verify-stock': () => ({ kind: 'json', sample: cart() }),
  'POST /api/register': () => ({ kind: 'json', sample: { ...registration(), address: { ...ADDRESS } } }),
  'POST /api/login': { kind: 'json', sample: { login: 'maria@example.com', password: 'senhaForte123' } },
  'POST /api/logout': { kind: 'json', sample: {} },
  'PUT /api/me': {
    kind: 'json',
    sample: { name: 'Maria Oliveira', phone: '11987654321', birthDate: '1990-05-17', marketingOptIn: false },
    auth: 'customer',
  },
  'POST /api/me/password': {
    kind: 'json',
    sample: { currentPassword: 'senhaForte123', newPassword: 'outraSenha456' },
    auth: 'customer',
  },
  'POST /api/password/forgot': { kind: 'json', sample: { email: 'ninguem@example.com' } },
  'POST /api/password/reset': { kind: 'json', sample: { token: 'a'.repeat(43), password: 'novaSenha456' } },
  'POST /api/favorites': () => ({
    kind: 'json',
    sample: { product_item_id: fx.sku, size_chosen: false },
    auth: 'customer',
  }),
  'DELETE /api/favorites/:id': { kind: 'none', auth: 'customer' },
  'POST /api/addresses': { kind: 'json', sample: { ...ADDRESS, label: 'Casa', isDefault: false }, auth: 'customer' },
  'PUT /api/addresses/:id': { kind: 'json', sample: { ...ADDRESS, label: 'Casa', isDefault: false }, auth: 'customer' },
  'PUT /api/orders/:id{[0-9]{1,12}}/refund-bank-details': {
    kind: 'json',
    sample: { bank: '260', agency: '0001', account: '1234567-8', holderCpf: '529.982.247-25' },
    auth: 'customer',
  },
  'POST /api/addresses/:id/default': { kind: 'json', sample: {}, auth: 'customer' },
  'DELETE /api/addresses/:id': { kind: 'json', sample: {}, auth: 'customer' },
  'POST /api/exchanges': {
    kind: 'json',
    sample: {
      orderId: 1,
      kind: 'exchange',
      reason: 'Ficou apertado',
      refund: 'cashback',
      items: [{ orderItemId: 1, amount: 1 }],
    },
    auth: 'customer',
  },
  'POST /api/backoffice/orders/:id{[0-9]{1,9}}/status': {
    kind: 'json',
    sample: { to: 'invoiced', trackingCode: null },
    auth: 'operator',
  },
  'POST /api/backoffice/orders/:id{[0-9]{1,9}}/payment/check': { kind: 'json', sample: {}, auth: 'operator' },
  'POST /api/backoffice/orders/:id{[0-9]{1,9}}/refunds/:refundId{[0-9]{1,9}}/paid-out': {
    kind: 'json',
    sample: {},
    auth: 'operator',
  },
  'POST /api/backoffice/exchanges/:id{[0-9]{1,9}}/status': {
    kind: 'json',
    sample: { to: 'approved', note: 'ok' },
    auth: 'operator',
  },
  'POST /api/backoffice/staff/invites': {
    kind: 'json',
    sample: { email: 'convidada@example.com', role: 'marketing' },
    auth: 'operator',
  },
  'POST /api/backoffice/staff/:id{[0-9]{1,9}}/role': { kind: 'json', sample: { role: 'catalogo' }, auth: 'operator' },
  'POST /api/backoffice/staff/:id{[0-9]{1,9}}/active': { kind: 'json', sample: { active: true }, auth: 'operator' },
  'POST /api/staff-invite': {
    kind: 'json',
    sample: { token: 'x'.repeat(43), password: 'Equipe2026', name: 'Ana Lima', cpf: '529.982.247-25' },
  },
  'POST /api/backoffice/products': {
    kind: 'json',
    sample: {
      name: 'Vestido',
      slug: 'vestido-fuzz',
      description: '',
      details: '',
      category: 'nao/existe',
      published: false,
      variants: [{ sku: 'FZ-1', color: 'Azul', size: 'P', gtin: null, price: 100, compareAt: null }],
    },
    auth: 'operator',
  },
  'POST /api/backoffice/products/:id{[0-9]{1,9}}': {
    kind: 'json',
    sample: {
      version: 999999,
      name: 'Vestido',
      slug: 'vestido-fuzz',
      description: '',
      details: '',
      category: 'nao/existe',
      published: false,
      variants: [{ sku: 'FZ-1', color: 'Azul', size: 'P', gtin: null, price: 100, compareAt: null }],
    },
    auth: 'operator',
  },
  'POST /api/backoffice/stock/adjustments': {
    kind: 'json',
    sample: { sku: 'VT00001-PRETO-P', store: 'fabrica', delta: 1, reason: 'recebimento', version: 999999 },
    auth: 'operator',
  },
  'POST /api/finish-order': () => ({
    kind: 'json',
    sample: orderBody(fx.cartId, { paymentMethodId: 47 }, { reviewed: { total: 10_000, lines: '1x1' } }),
  }),
  'POST /api/order-retry': () => ({
    kind: 'json',
    sample: { orderIds: '1', token: 'a'.repeat(43), cartId: fx.cartId },
  }),
  'POST /api/credit-card-service': { kind: 'json', sample: {} },
  'POST /api/paypal/create': () => ({ kind: 'json', sample: { cartId: fx.cartId, total: 1000 } }),
  'POST /api/payments/sandbox': { kind: 'json', sample: { reference: 'ref-123456', action: 'approve', code: '1234' } },
  'POST /api/rakuten': () => ({ kind: 'json', sample: cart() }),
  // A provider's notification (no Origin: providers post from their servers); the body is never trusted (ADR 0015).
  'POST /api/webhooks/:provider': {
    kind: 'json',
    sample: {
      pix: [
        {
          endToEndId: 'E00000000202611251200abcdefghijk',
          txid: 'VTR0000000000000000000000PIX',
          valor: '10.00',
          horario: '2026-11-25T12:00:00Z',
        },
      ],
    },
  },
  'POST /api/leads': {
    kind: 'json',
    sample: { name: 'Ana Souza', email: 'ana@example.com', phone: '11987654321', consent: true },
  },
  'POST /api/app/session': { kind: 'json', sample: { token: null } },
  'POST /api/rum': { kind: 'json', sample: { name: 'LCP', value: 1200, rating: 'good', route: '/' } },
  'POST /api/__bench/d1-write': { kind: 'json', sample: {} },
  'POST /api/__bench/forget-summaries': { kind: 'json', sample: {} },
  // Form routes (no-JS posts)
  'POST /login': { kind: 'form', fields: ['login', 'password', 'redirect'] },
  'POST /sair': { kind: 'form', fields: [] },
  'POST /cadastro': {
    kind: 'form',
    fields: [
      'name',
      'email',
      'cpf',
      'password',
      'phone',
      'birthDate',
      'marketingOptIn',
      'address.zipCode',
      'address.street',
      'address.number',
      'address.neighborhood',
      'address.city',
      'address.state',
    ],
  },
  'POST /esqueci-senha': { kind: 'form', fields: ['email'] },
  'POST /redefinir-senha': { kind: 'form', fields: ['token', 'password'] },
  'POST /minha-conta/perfil': {
    kind: 'form',
    fields: ['name', 'phone', 'birthDate', 'marketingOptIn'],
    auth: 'customer',
  },
  'POST /minha-conta/perfil/senha': { kind: 'form', fields: ['currentPassword', 'newPassword'], auth: 'customer' },
  'POST /minha-conta/enderecos': { kind: 'form', fields: ADDRESS_FIELDS, auth: 'customer' },
  'POST /minha-conta/enderecos/:id': { kind: 'form', fields: ADDRESS_FIELDS, auth: 'customer' },
  'POST /minha-conta/enderecos/:id/padrao': { kind: 'form', fields: [], auth: 'customer' },
  'POST /minha-conta/enderecos/:id/excluir': { kind: 'form', fields: [], auth: 'customer' },
  'POST /minha-conta/favoritos/:id/remover': { kind: 'form', fields: [], auth: 'customer' },
  'GET /minha-conta/pedidos/:id{[0-9]{1,12}}': { kind: 'none', auth: 'customer' },
  'GET /minha-conta/pedidos/:id{[0-9]{1,12}}/boleto': { kind: 'none', auth: 'customer' },
  'POST /minha-conta/pedidos/:id{[0-9]{1,12}}/tentar-novamente': { kind: 'form', fields: [], auth: 'customer' },
  'POST /minha-conta/pedidos/:id{[0-9]{1,12}}/dados-bancarios': {
    kind: 'form',
    fields: ['bank', 'agency', 'account', 'holderCpf'],
    auth: 'customer',
  },
  'POST /minha-conta/trocas-devolucoes': {
    kind: 'form',
    fields: ['orderId', 'kind', 'reason', 'refund', 'item', 'amount'],
    auth: 'customer',
  },
  'POST /checkout': { kind: 'form', fields: BASIC_FIELDS },
  'POST /checkout/order/:orderIds/simular-pagamento': { kind: 'form', fields: ['token'] },
  'POST /checkout/order/:orderIds/tentar-novamente': { kind: 'form', fields: ['token'] },
  'POST /checkout/paypal/:reference': { kind: 'form', fields: ['action', 'code', 'return'] },
  'POST /checkout/3ds/:reference': { kind: 'form', fields: ['action', 'code', 'return'] },
  'POST /checkout/open-finance/:reference': { kind: 'form', fields: ['action', 'code', 'return'] },
  'POST /sacola/*': {
    kind: 'form',
    fields: ['productItemId', 'back', 'cep', 'code', 'itemId', 'amount', 'cashback', 'entrega'],
  },
  'POST /painel/pedidos/:id{[0-9]{1,9}}/status': { kind: 'form', fields: ['to', 'trackingCode'], auth: 'operator' },
  'POST /painel/pedidos/:id{[0-9]{1,9}}/conferir': { kind: 'form', fields: [], auth: 'operator' },
  'POST /painel/pedidos/:id{[0-9]{1,9}}/reembolsos/:refundId{[0-9]{1,9}}/pago': {
    kind: 'form',
    fields: [],
    auth: 'operator',
  },
  'POST /painel/trocas/:id{[0-9]{1,9}}/status': { kind: 'form', fields: ['to', 'note', 'back'], auth: 'operator' },
  'POST /painel/equipe/convites': { kind: 'form', fields: ['email', 'role'], auth: 'operator' },
  'POST /painel/equipe/:id{[0-9]{1,9}}/papel': { kind: 'form', fields: ['role'], auth: 'operator' },
  'POST /painel/equipe/:id{[0-9]{1,9}}/situacao': { kind: 'form', fields: ['active'], auth: 'operator' },
  'POST /painel/convite': { kind: 'form', fields: ['token', 'password', 'name', 'cpf'] },
  'POST /painel/produtos': {
    kind: 'form',
    fields: [
      'name',
      'slug',
      'category',
      'description',
      'details',
      'published',
      'newColors',
      'newSizes',
      'newPrice',
      'newCompare',
      'skuPrefix',
    ],
    auth: 'operator',
  },
  'POST /painel/produtos/:id{[0-9]{1,9}}': {
    kind: 'form',
    fields: ['version', 'name', 'slug', 'category', 'sku_0', 'color_0', 'size_0', 'gtin_0', 'price_0', 'compare_0'],
    auth: 'operator',
  },
  'POST /painel/importar': { kind: 'form', fields: ['arquivo'], auth: 'operator' },
  'POST /painel/importar/:id{[0-9]{1,9}}/executar': { kind: 'form', fields: [], auth: 'operator' },
  'POST /painel/produtos/:id{[0-9]{1,9}}/fotos': { kind: 'form', fields: ['cor', 'foto'], auth: 'operator' },
  'POST /painel/produtos/:id{[0-9]{1,9}}/fotos/remover': {
    kind: 'form',
    fields: ['version', 'foto'],
    auth: 'operator',
  },
  'POST /painel/estoque/ajustar': {
    kind: 'form',
    fields: ['sku', 'store', 'version', 'mode', 'amount', 'reason', 'note'],
    auth: 'operator',
  },
  'POST /painel/cupons': {
    kind: 'form',
    fields: [
      'code',
      'kind',
      'value',
      'minSubtotal',
      'startsAt',
      'endsAt',
      'usageLimit',
      'perCustomerLimit',
      'requiresLogin',
      'categories',
      'giftSku',
      'giftTitle',
      'giftMessage',
    ],
    auth: 'operator',
  },
  'POST /painel/cupons/:id{[0-9]{1,9}}': {
    kind: 'form',
    fields: [
      'version',
      'shown',
      ...[
        'code',
        'kind',
        'value',
        'minSubtotal',
        'startsAt',
        'endsAt',
        'usageLimit',
        'perCustomerLimit',
        'requiresLogin',
        'categories',
        'giftSku',
        'giftTitle',
        'giftMessage',
      ],
    ],
    auth: 'operator',
  },
  'POST /painel/cupons/:id{[0-9]{1,9}}/encerrar': { kind: 'form', fields: ['version'], auth: 'operator' },
  // The five messages' fields are alike: the first and the warning's (the page they re-render is the section's largest).
  'POST /painel/conteudo/faixa': {
    kind: 'form',
    fields: ['version', 'text_0', 'href_0', 'text_3', 'href_3'],
    auth: 'operator',
  },
  'POST /painel/conteudo/banner': {
    kind: 'form',
    fields: ['version', 'text', 'endsAt', 'link', 'buttonText', 'whatsappLink', 'coupon', 'timer'],
    auth: 'operator',
  },
  'POST /painel/conteudo/destaque': {
    kind: 'form',
    fields: ['version', 'kicker', 'title', 'text', 'primaryText', 'primaryHref', 'secondaryText', 'secondaryHref'],
    auth: 'operator',
  },
  'POST /painel/conteudo/menu': {
    kind: 'form',
    fields: [
      'version',
      'parentId',
      'name',
      'slug',
      'displayType',
      'url',
      'typeLink',
      'destinyLink',
      'image',
      'buttonText',
      'color',
      'cssClass',
    ],
    auth: 'operator',
  },
  'POST /painel/conteudo/menu/:id{[0-9]{1,9}}': {
    kind: 'form',
    fields: [
      'version',
      'name',
      'slug',
      'displayType',
      'url',
      'typeLink',
      'destinyLink',
      'image',
      'buttonText',
      'color',
      'cssClass',
    ],
    auth: 'operator',
  },
  'POST /painel/conteudo/menu/:id{[0-9]{1,9}}/remover': { kind: 'form', fields: ['version'], auth: 'operator' },
  'POST /painel/conteudo/menu/:id{[0-9]{1,9}}/mover': {
    kind: 'form',
    fields: ['version', 'direction'],
    auth: 'operator',
  },
  'POST /painel/conteudo/publicar': { kind: 'form', fields: ['version'], auth: 'operator' },
  'POST /painel/conteudo/restaurar': { kind: 'form', fields: ['version'], auth: 'operator' },
  'POST /painel/clientes/:id{[0-9]{1,9}}/cashback': {
    kind: 'form',
    fields: ['amount', 'reason', 'balance'],
    auth: 'operator',
  },
  'POST /painel/clientes/:id{[0-9]{1,9}}/exportar': { kind: 'form', fields: [], auth: 'operator' },
  'POST /painel/clientes/:id{[0-9]{1,9}}/apagar': { kind: 'form', fields: ['confirm'], auth: 'operator' },
  'POST /painel/cupons/vendedores': {
    kind: 'form',
    fields: ['code', 'name', 'discountPct', 'freeNormalShipping', 'freeExpressShipping', 'active'],
    auth: 'operator',
  },
  'POST /painel/cupons/vendedores/:id{[0-9]{1,9}}': {
    kind: 'form',
    fields: ['version', 'shown', 'code', 'name', 'discountPct', 'freeNormalShipping', 'freeExpressShipping', 'active'],
    auth: 'operator',
  },
};

/**
 * `/api/*` routes of any method, every non-GET page route (the form posts) and every account page read by a path
 * parameter (`GET /minha-conta/…/:id…`: a customer's own record), from the routers.
 */
function enumerateRoutes(): string[] {
  const keys = new Set<string>();
  for (const route of app.app.routes) {
    if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) continue;
    if (route.path === '/api/*' || route.path === '*') continue;
    const accountRecord = route.path.startsWith('/minha-conta/') && route.path.includes('/:');
    if (route.path.startsWith('/api/') || route.method !== 'GET' || accountRecord)
      keys.add(`${route.method} ${route.path}`);
  }
  return [...keys].sort();
}

// ---------------------------------------------------------------- properties

const PT_BR =
  /[áàâãçéêíóôõúÁÉÍÓÚÇÃÕ]|\b(de|da|do|não|para|com|sua|seu|os|as|um|uma|no|na|ou|e|o|a|informe|tente|novamente|dados|muito|longo|curto|nome|senha|sacola|produto|pedido|faça|escolha|envie|preencha|confira)\b/i;
const ENGLISH =
  /\b(the|invalid|expected|required|must|received|error|not found|undefined|unexpected|internal|failed)\b/i;

/** A cheap fingerprint of the store's data (counts, sums, last updates of every table a request may write). */
const DIGEST_SQL = `SELECT
  (SELECT count(*) || '/' || coalesce(max(updated_at), '') || '/' || count(erased_at) FROM customers) AS customers,
  (SELECT count(*) || '/' || count(revoked_at) FROM sessions) AS sessions,
  (SELECT count(*) || '/' || coalesce(max(updated_at), '') || '/' || total(is_default) FROM addresses) AS addresses,
  (SELECT count(*) FROM favorites) AS favorites,
  (SELECT count(*) || '/' || coalesce(max(updated_at), '') || '/' || total(cashback_cents) || '/' || count(coupon_code) || '/' || count(seller_code) || '/' || count(email) FROM carts) AS carts,
  (SELECT count(*) || '/' || total(amount) FROM cart_items) AS cart_items,
  (SELECT count(*) || '/' || coalesce(max(updated_at), '') FROM orders) AS orders,
  (SELECT count(*) || '/' || coalesce(max(updated_at), '') FROM payments) AS payments,
  (SELECT count(*) FROM payment_refunds) AS payment_refunds,
  (SELECT count(*) || '/' || total(amount_cents) FROM cashback_entries) AS cashback,
  (SELECT count(*) FROM coupon_uses) AS coupon_uses,
  (SELECT count(*) FROM coupon_reservations) AS coupon_reservations,
  (SELECT total(used) || '/' || count(*) || '/' || total(version) FROM coupons) AS coupons,
  (SELECT count(*) || '/' || total(version) FROM sellers) AS sellers,
  (SELECT count(*) || '/' || coalesce(max(updated_at), '') FROM exchanges) AS exchanges,
  (SELECT count(*) FROM exchange_items) AS exchange_items,
  (SELECT count(*) FROM campaign_leads) AS leads,
  (SELECT count(*) || '/' || count(used_at) FROM password_resets) AS resets,
  (SELECT count(*) FROM mail_outbox) AS outbox,
  (SELECT count(*) || '/' || coalesce(max(updated_at), '') || '/' || total(active) FROM staff) AS staff,
  (SELECT count(*) || '/' || count(used_at) FROM staff_invites) AS staff_invites,
  (SELECT count(*) FROM audit_log) AS audit_log,
  (SELECT total(quantity) || '/' || total(version) FROM stock) AS stock,
  (SELECT count(*) FROM stock_adjustments) AS stock_adjustments,
  (SELECT count(*) || '/' || total(version) || '/' || total(published) FROM products) AS products,
  (SELECT count(*) || '/' || total(list_price_cents) || '/' || total(sale_price_cents) FROM product_items) AS product_items,
  (SELECT count(*) FROM product_edits) AS product_edits,
  (SELECT count(*) FROM import_jobs) AS import_jobs,
  (SELECT count(*) || '/' || coalesce(max(updated_at), '') FROM parameters) AS parameters,
  (SELECT version || '/' || coalesce(length(body), 0) FROM content_draft) AS content_draft,
  (SELECT count(*) FROM content_releases) AS content_releases,
  (SELECT count(*) || '/' || total(position) FROM menu_items) AS menu_items`;
const digest = () => env.DB.prepare(DIGEST_SQL).first();
let lastDigest: Record<string, unknown> | null = null;

interface Tally {
  requests: number;
  status: Map<number, number>;
  fiveHundreds: number;
}
const tally: Tally = { requests: 0, status: new Map(), fiveHundreds: 0 };
const perEndpoint: { key: string; runs: number; ms: number }[] = [];

async function messageOf(res: Response): Promise<string> {
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  if (type.includes('json')) {
    const body = JSON.parse(text) as { error?: unknown; code?: unknown };
    expect(typeof body.code, text).toBe('string');
    return typeof body.error === 'string' ? body.error : '';
  }
  if (type.includes('html')) {
    // A re-rendered form or the not-found page: a pt-BR document.
    expect(text, 'HTML 4xx in pt-BR').toMatch(/<html lang="pt-BR"/);
    return 'página em português';
  }
  return text;
}

/** Percent-encodes a path segment; half of a surrogate pair becomes the bytes of one (invalid UTF-8 on purpose). */
const encodeSegment = (text: string) =>
  text
    .split(/([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/)
    .map((part, i) => (i % 2 ? '%ED%BF%BF' : encodeURIComponent(part)))
    .join('');

function urlFor(key: string, param: string, query: Record<string, string> | null): string {
  const path = key.slice(key.indexOf(' ') + 1);
  let url = path.replace(/:[a-zA-Z]+(\{[^}]*\}\})?(\{[^}]*\})?/g, () => encodeSegment(param));
  if (url.endsWith('/*'))
    url = url.slice(0, -1) + (param.startsWith('/sacola/') ? param.slice('/sacola/'.length) : encodeSegment(param));
  if (query) url += `?${new URLSearchParams(query).toString()}`;
  return url;
}

function cookieFor(auth: Auth | undefined): string {
  if (auth === 'customer') return fx.customerCookie;
  if (auth === 'operator') return fx.operatorCookie;
  return '';
}

let ipSeq = 0;
interface Input {
  param: string;
  payload: unknown;
  rawBody: string | null;
  /** A form post's Content-Type header when not the form's own ('' = none sent). */
  contentType?: string | undefined;
}

async function send(key: string, entry: Entry, input: Input): Promise<void> {
  const method = key.slice(0, key.indexOf(' '));
  ipSeq += 1;
  const headers: Record<string, string> = {
    origin: ORIGIN,
    // A fresh client address per request, so the per-address rate limits do not hide the handlers.
    'cf-connecting-ip': `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`,
  };
  const cookie = cookieFor(entry.auth);
  if (cookie) headers.cookie = cookie;
  let body: string | undefined;
  let query: Record<string, string> | null = null;
  if (entry.kind === 'json') {
    headers['content-type'] = 'application/json';
    body = input.rawBody ?? JSON.stringify(input.payload);
  } else if (entry.kind === 'form') {
    const type = input.contentType ?? 'application/x-www-form-urlencoded';
    if (type) headers['content-type'] = type;
    body = input.rawBody ?? new URLSearchParams(input.payload as Record<string, string>).toString();
  } else if (entry.kind === 'query') {
    query = input.payload as Record<string, string>;
  }
  const url = urlFor(key, input.param, query);
  const writes = method !== 'GET';
  // The digest after a refused request is the digest before the next one (nothing else writes meanwhile).
  const before = writes ? (lastDigest ?? (await digest())) : null;
  lastDigest = null;
  const res = await app.request(url, { method, headers, body });
  // One macrotask turn per request: React's streaming render schedules setTimeout(0) work that a chain of awaited
  // D1 calls never yields to. Left pending, those timers pile up in this one long-lived test isolate until
  // workerd refuses new ones ('max active timeouts: 10000' after ~75,000 requests); a real request has its own.
  await new Promise((resolve) => setTimeout(resolve, 0));
  tally.requests += 1;
  tally.status.set(res.status, (tally.status.get(res.status) ?? 0) + 1);
  const why = `${method} ${url} ${input.contentType === undefined ? '' : `[${input.contentType}] `}${body?.slice(0, 300) ?? ''}`;
  if (res.status >= 500) tally.fiveHundreds += 1;
  expect(res.status, why).toBeLessThan(500);
  if (res.status >= 400) {
    const message = await messageOf(res);
    expect(message, why).toMatch(PT_BR);
    expect(message, why).not.toMatch(ENGLISH);
    if (writes) {
      const after = await digest();
      expect(after, `data changed by a refused ${why}`).toEqual(before);
      lastDigest = after;
    }
  } else {
    // Read to the end: a streamed page that fails halfway must fail here.
    await res.arrayBuffer();
  }
}

function inputFor(key: string, entry: Entry): fc.Arbitrary<Input> {
  const param = key.includes('/sacola/*')
    ? fc.oneof(fc.constantFrom(...Object.values(CART_ACTIONS)), paramValue)
    : paramValue;
  let payload: fc.Arbitrary<unknown>;
  if (entry.kind === 'json') payload = bodyFrom(entry.sample ?? {});
  else if (entry.kind === 'form' || entry.kind === 'query') {
    payload = fieldsFrom(
      entry.fields ?? [],
      Object.fromEntries(Object.entries(entry.sample ?? {}).map(([k, v]) => [k, String(v)])),
    );
  } else payload = fc.constant(null);
  const raw =
    entry.kind === 'json' || entry.kind === 'form' ? fc.option(hostileString, { freq: 8 }) : fc.constant(null);
  return fc.record({ param, payload, rawBody: raw });
}

/**
 * Inputs every run of a route starts with (fast-check `examples`): each Object.prototype name in each field, key
 * and path parameter — alone, so no other field's refusal hides what it does — and, for a form route, its
 * sample under every Content-Type × charset.
 */
function examplesFor(key: string, entry: Entry): Input[] {
  const base = Object.fromEntries(
    Object.entries(entry.sample ?? {}).map(([k, v]) => [k, entry.kind === 'json' ? v : String(v)]),
  );
  const fields = entry.kind === 'json' ? Object.keys(base) : [...(entry.fields ?? [])];
  const out: Input[] = [];
  const name = (i: number) => PROTO_NAMES[i % PROTO_NAMES.length]!;
  fields.forEach((field, i) => {
    for (const value of ['constructor', name(i)])
      out.push({ param: '1', payload: { ...base, [field]: value }, rawBody: null });
  });
  if (entry.kind !== 'none') {
    const keys = Object.fromEntries(PROTO_NAMES.map((n) => [n, 'constructor']));
    out.push({ param: '1', payload: { ...base, ...keys }, rawBody: null });
  }
  if (key.includes('/:') || key.endsWith('/*'))
    out.push(...PROTO_NAMES.map((n) => ({ param: n, payload: base, rawBody: null })));
  if (entry.kind === 'form')
    for (const contentType of FORM_CONTENT_TYPES) out.push({ param: '1', payload: base, rawBody: null, contentType });
  return out;
}

describe(`fuzzing every /api endpoint and form route (seed ${SEED}, ${RUNS} runs each)`, () => {
  const routes = enumerateRoutes();

  beforeAll(async () => {
    await seed();
    const sku = await skuWithStock(50);
    fx.sku = sku.id;
    fx.cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    fx.customerCookie = (await createCustomerSession()).cookie;
    fx.operatorCookie = (await createOperatorSession()).cookie;
  });

  afterAll(() => {
    const slowest = [...perEndpoint].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(
      `fuzz: seed ${SEED}, ${perEndpoint.length} endpoints × ${RUNS} runs = ${tally.requests} requests, ` +
        `${tally.fiveHundreds} × 5xx, statuses ${JSON.stringify(Object.fromEntries([...tally.status].sort((a, b) => a[0] - b[0])))}, ` +
        `${Math.round(perEndpoint.reduce((s, e) => s + e.ms, 0) / 1000)} s; slowest ${slowest.map((e) => `${e.key} ${Math.round(e.ms)} ms`).join(', ')}`,
    );
  });

  it('has a fuzz entry for every route the routers register (and no stale entry)', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(
      routes.filter((key) => !(key in ENTRIES)),
      'routes without a fuzz entry',
    ).toEqual([]);
    expect(
      Object.keys(ENTRIES).filter((key) => !routes.includes(key)),
      'entries for routes that do not exist',
    ).toEqual([]);
  });

  for (const key of Object.keys(ENTRIES)) {
    it(
      key,
      async () => {
        const raw = ENTRIES[key]!;
        const entry = typeof raw === 'function' ? raw() : raw;
        const started = performance.now();
        // The examples run first and count among the runs (at least all of them run).
        const examples = examplesFor(key, entry).map((input) => [input] as [Input]);
        await fc.assert(
          fc.asyncProperty(inputFor(key, entry), (input) => send(key, entry, input)),
          { seed: SEED, numRuns: Math.max(RUNS, examples.length), examples, endOnFailure: true },
        );
        perEndpoint.push({ key, runs: RUNS, ms: performance.now() - started });
      },
      Math.max(30_000, RUNS * 400),
    );
  }
});
