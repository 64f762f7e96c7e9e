import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { ExchangesResponseSchema } from '../../src/contracts/exchanges';
import type { AuditRow } from '../../src/commerce/audit/repo';
import type { Permission, Role } from '../../src/commerce/staff/permissions';
import { createCustomerSession, ORIGIN, sameOriginJson, type TestApp } from './app-harness';
import { client, createOperatorSession, returnRequest, withCookie } from './backoffice-fixtures';
import { validCpf } from './customer-fixtures';
import { skuWithStock } from './checkout-helpers';
import { insertOrder } from './exchange-fixtures';
import { photoUpload, pngOf } from './photo-fixtures';
import { CONTENT_MUTATIONS } from './content-fixtures';

/** A no-JS form post from this origin. */
export const form = (fields: Record<string, string>, cookie: string, origin = ORIGIN): RequestInit => ({
  method: 'POST',
  headers: { origin, 'content-type': 'application/x-www-form-urlencoded', cookie },
  body: new URLSearchParams(fields).toString(),
});
/** A page's text after undoing React's entities and text separators. */
export const text = async (res: Response) =>
  (await res.text())
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/<!-- -->/g, '');

export const auditCount = async () => (await env.DB.prepare('SELECT count(*) AS n FROM audit_log').first<number>('n'))!;
export const lastAudit = () => env.DB.prepare('SELECT * FROM audit_log ORDER BY id DESC LIMIT 1').first<AuditRow>();

let emails = 0;
export const freshEmail = (prefix = 'convite') => `${prefix}${Date.now()}${(emails += 1)}@example.com.br`;

/** The token of the newest invitation mailed to `email` (read from the outbox, as the invitee would). */
export async function mailedInviteToken(email: string): Promise<string> {
  const body = await env.DB.prepare(
    "SELECT body_text FROM mail_outbox WHERE to_email = ? AND kind = 'staff_invite' ORDER BY id DESC LIMIT 1",
  )
    .bind(email)
    .first<string>('body_text');
  const token = /\/painel\/convite\?token=([A-Za-z0-9_-]+)/.exec(body ?? '')?.[1];
  expect(token, `an invitation mailed to ${email}`).toBeTruthy();
  return token!;
}

/** A dono invites `email` as `role` through the API; returns the mailed token. */
export async function invite(
  app: TestApp,
  donoCookie: string,
  email: string,
  role: Role = 'marketing',
): Promise<string> {
  const res = await client(app, donoCookie).post('/api/backoffice/staff/invites', { email, role });
  expect(res.status).toBe(201);
  return mailedInviteToken(email);
}

export const paidOrder = async () =>
  (await insertOrder((await createCustomerSession()).customerId, { status: 'paid' })).orderId;

/** A return request in `requested`, made by its customer through the API. */
export async function requestedExchange(app: TestApp): Promise<number> {
  const customer = await createCustomerSession();
  const { orderId, itemIds } = await insertOrder(customer.customerId, { amounts: [1] });
  const res = await client(app, customer.cookie).post(
    '/api/exchanges',
    returnRequest(orderId, [{ orderItemId: itemIds[0]!, amount: 1 }]),
  );
  expect(res.status).toBe(201);
  return ExchangesResponseSchema.parse(await res.json()).exchanges[0]!.id;
}

/** A cancelled paid order whose refund is owed by transfer (a boleto's), with the shopper's account given. */
export async function owedRefund(): Promise<{ orderId: number; refundId: number }> {
  const orderId = await paidOrder();
  const refund = await env.DB.prepare(
    `INSERT INTO payment_refunds (payment_id, order_id, amount_cents, status)
       SELECT payment_id, id, total_cents, 'owed' FROM orders WHERE id = ? RETURNING id`,
  )
    .bind(orderId)
    .first<{ id: number }>();
  await env.DB.prepare(
    `INSERT INTO refund_payouts (refund_id, bank, agency, account, holder_cpf, given_at) VALUES (?, '260', '0001', '1234567-8', '52998224725', ?)`,
  )
    .bind(refund!.id, new Date().toISOString())
    .run();
  return { orderId, refundId: refund!.id };
}

/** A seeded category path (`department/category`) a new product can go under. */
const aCategory = async () =>
  (await env.DB.prepare(
    "SELECT category_slug FROM products WHERE gift = 0 AND category_slug LIKE '%/%' LIMIT 1",
  ).first<{ category_slug: string }>())!.category_slug;
let productSeq = 0;
/** A new product's save body (2 colours × 2 sizes), unique slug and SKUs. */
async function newProductBody() {
  productSeq += 1;
  const stamp = `${Date.now()}${productSeq}`;
  return {
    name: `Vestido Equipe ${productSeq}`,
    slug: `vestido-equipe-${stamp}`,
    description: 'Criado pela equipe.',
    details: 'Viscose.',
    category: await aCategory(),
    published: true,
    variants: ['Azul', 'Areia'].flatMap((color) =>
      ['P', 'M'].map((size) => ({
        sku: `EQ${stamp}-${color.slice(0, 2).toUpperCase()}-${size}`,
        color,
        size,
        gtin: null,
        price: 15990,
        compareAt: null,
      })),
    ),
  };
}
/** A product saved by the dono through the API: its id, version and the body that made it. */
async function savedProduct(app: TestApp, dono: string) {
  const body = await newProductBody();
  const res = await client(app, dono).post('/api/backoffice/products', body);
  expect(res.status).toBe(201);
  const { product } = (await res.json()) as { product: { id: number; version: number } };
  return { ...body, id: product.id, version: product.version };
}
/** A SKU with stock at the factory: its code and the version a form shows. */
async function stockRow() {
  const sku = await skuWithStock(5);
  const row = await env.DB.prepare(
    'SELECT i.sku, s.version FROM product_items i JOIN stock s ON s.product_item_id = i.id AND s.store_id = 1 WHERE i.id = ?',
  )
    .bind(sku.id)
    .first<{ sku: string; version: number }>();
  return row!;
}
/** A Vitrine-template CSV with one new product (unique handle and SKU). */
async function importCsv() {
  productSeq += 1;
  const stamp = `${Date.now()}${productSeq}`;
  return [
    'handle,nome,descricao,detalhes,categoria,publicado,sku,cor,tamanho,gtin,preco,preco_de,estoque_fabrica',
    `blusa-equipe-${stamp},Blusa Equipe ${productSeq},Blusa leve,Linho,${await aCategory()},TRUE,BEQ${stamp}-P,Areia,P,,"129,90",,3`,
  ].join('\n');
}
const upload =
  (csv: string) =>
  (cookie: string): RequestInit => {
    const body = new FormData();
    body.set('arquivo', new File([csv], 'produtos.csv', { type: 'text/csv' }));
    return { method: 'POST', headers: { origin: ORIGIN, cookie }, body };
  };
/** An import job planned by the dono (a dry run with no error), ready to run. */
async function plannedJob(app: TestApp, dono: string): Promise<number> {
  const res = await app.request('/painel/importar', upload(await importCsv())(dono));
  const html = await res.text();
  expect(res.status, html.slice(0, 400)).toBe(200);
  return Number(/action="\/painel\/importar\/(\d+)\/executar"/.exec(html)![1]);
}

export const staffId = async (role: Role) => (await createOperatorSession(role, 'Pessoa Alvo')).customerId;

let couponSeq = 0;
/** A coupon form's fields (10% off, no limits) with a fresh code. */
export const couponFields = (extra: Record<string, string> = {}) => ({
  code: `EQ${Date.now().toString(36).toUpperCase()}${(couponSeq += 1)}`,
  kind: 'percentage',
  value: '10',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  categories: '',
  giftSku: '',
  giftTitle: '',
  giftMessage: '',
  ...extra,
});
/** A coupon (or seller code) written straight into D1: its id and version. */
async function aCoupon(): Promise<{ id: number; version: number }> {
  return (await env.DB.prepare(
    "INSERT INTO coupons (code, kind, value) VALUES (?, 'percentage', 10) RETURNING id, version",
  )
    .bind(couponFields().code)
    .first<{ id: number; version: number }>())!;
}
async function aSeller(): Promise<{ id: number; version: number; code: string }> {
  return (await env.DB.prepare(
    "INSERT INTO sellers (code, name) VALUES (?, 'Vendedora Equipe') RETURNING id, version, code",
  )
    .bind(`V${couponFields().code}`)
    .first<{ id: number; version: number; code: string }>())!;
}

/** One back-office mutation route: the permission this test expects it to need, and a fresh valid request to it. */
export interface Mutation {
  /** Written here by hand (null: a public route, the invitation link). */
  permission: Permission | null;
  ok: number;
  prepare: (app: TestApp, donoCookie: string) => Promise<{ path: string; init: (cookie: string) => RequestInit }>;
}

const json = (path: string, body: unknown) => ({ path, init: (cookie: string) => withCookie(cookie, body) });
const post = (path: string, fields: Record<string, string>) => ({
  path,
  init: (cookie: string) => form(fields, cookie),
});
const acceptFields = async (app: TestApp, dono: string) => ({
  token: await invite(app, dono, freshEmail()),
  password: 'Equipe2026',
  name: 'Pessoa Convidada',
  cpf: validCpf(),
});

/**
 * Every back-office mutation route, keyed as the router lists it, with the permission written HERE (not read from
 * src/commerce/staff/permissions.ts): a route that loses its check, or a new route without an entry, fails the tests.
 */
export const MUTATIONS: Record<string, Mutation> = {
  'POST /api/backoffice/orders/:id{[0-9]{1,9}}/status': {
    permission: 'orders:write',
    ok: 200,
    prepare: async () => json(`/api/backoffice/orders/${await paidOrder()}/status`, { to: 'invoiced' }),
  },
  'POST /api/backoffice/orders/:id{[0-9]{1,9}}/payment/check': {
    permission: 'orders:write',
    ok: 200,
    prepare: async () => json(`/api/backoffice/orders/${await paidOrder()}/payment/check`, {}),
  },
  'POST /api/backoffice/orders/:id{[0-9]{1,9}}/refunds/:refundId{[0-9]{1,9}}/paid-out': {
    permission: 'orders:write',
    ok: 200,
    prepare: async () => {
      const { orderId, refundId } = await owedRefund();
      return json(`/api/backoffice/orders/${orderId}/refunds/${refundId}/paid-out`, {});
    },
  },
  'POST /painel/pedidos/:id{[0-9]{1,9}}/conferir': {
    permission: 'orders:write',
    ok: 303,
    prepare: async () => post(`/painel/pedidos/${await paidOrder()}/conferir`, {}),
  },
  'POST /painel/pedidos/:id{[0-9]{1,9}}/reembolsos/:refundId{[0-9]{1,9}}/pago': {
    permission: 'orders:write',
    ok: 303,
    prepare: async () => {
      const { orderId, refundId } = await owedRefund();
      return post(`/painel/pedidos/${orderId}/reembolsos/${refundId}/pago`, {});
    },
  },
  'POST /api/backoffice/products': {
    permission: 'catalog:write',
    ok: 201,
    prepare: async () => json('/api/backoffice/products', await newProductBody()),
  },
  'POST /api/backoffice/products/:id{[0-9]{1,9}}': {
    permission: 'catalog:write',
    ok: 200,
    prepare: async (app, dono) => {
      const { id, ...saved } = await savedProduct(app, dono);
      return json(`/api/backoffice/products/${id}`, { ...saved, name: `${saved.name} (novo nome)` });
    },
  },
  'POST /api/backoffice/stock/adjustments': {
    permission: 'stock:write',
    ok: 200,
    prepare: async () => {
      const row = await stockRow();
      return json('/api/backoffice/stock/adjustments', {
        sku: row.sku,
        store: 'fabrica',
        delta: 2,
        reason: 'recebimento',
        version: row.version,
      });
    },
  },
  'POST /painel/produtos': {
    permission: 'catalog:write',
    ok: 303,
    prepare: async () => {
      const body = await newProductBody();
      return post('/painel/produtos', {
        name: body.name,
        slug: body.slug,
        category: body.category,
        description: body.description,
        details: body.details,
        published: 'on',
        newColors: 'Areia, Oliva',
        newSizes: 'P, M',
        newPrice: '189,90',
        newCompare: '',
        skuPrefix: `EQP${Date.now()}${++productSeq}`,
      });
    },
  },
  'POST /painel/produtos/:id{[0-9]{1,9}}': {
    permission: 'catalog:write',
    ok: 303,
    prepare: async (app, dono) => {
      const saved = await savedProduct(app, dono);
      const fields: Record<string, string> = {
        name: `${saved.name} (novo nome)`,
        slug: saved.slug,
        category: saved.category,
        description: saved.description,
        details: saved.details,
        published: 'on',
        version: String(saved.version),
      };
      saved.variants.forEach((v, i) => {
        Object.assign(fields, {
          [`sku_${i}`]: v.sku,
          [`color_${i}`]: v.color,
          [`size_${i}`]: v.size,
          [`price_${i}`]: '159,90',
          [`compare_${i}`]: '',
          [`gtin_${i}`]: '',
        });
      });
      return post(`/painel/produtos/${saved.id}`, fields);
    },
  },
  'POST /painel/produtos/:id{[0-9]{1,9}}/fotos': {
    permission: 'catalog:write',
    ok: 303,
    prepare: async (app, dono) => {
      const { id } = await savedProduct(app, dono);
      const png = await pngOf(500, 500);
      return { path: `/painel/produtos/${id}/fotos`, init: (cookie: string) => photoUpload(png, 'Azul', cookie) };
    },
  },
  'POST /painel/produtos/:id{[0-9]{1,9}}/fotos/remover': {
    permission: 'catalog:write',
    ok: 303,
    prepare: async (app, dono) => {
      const { id, version } = await savedProduct(app, dono);
      // A photo row of the product's first colour (the upload itself is the route above's).
      const file = `remover-${id}-${Date.now()}.png`;
      await env.DB.prepare(
        'INSERT INTO product_photos (product_id, color_slug, position, file) SELECT product_id, color_slug, 1, ? FROM product_items WHERE product_id = ? LIMIT 1',
      )
        .bind(file, id)
        .run();
      return post(`/painel/produtos/${id}/fotos/remover`, { version: String(version), foto: file });
    },
  },
  'POST /painel/estoque/ajustar': {
    permission: 'stock:write',
    ok: 303,
    prepare: async () => {
      const row = await stockRow();
      return post('/painel/estoque/ajustar', {
        sku: row.sku,
        store: 'fabrica',
        version: String(row.version),
        mode: 'saida',
        amount: '1',
        reason: 'avaria',
        note: '',
      });
    },
  },
  'POST /painel/importar': {
    permission: 'catalog:write',
    ok: 200,
    prepare: async () => ({ path: '/painel/importar', init: upload(await importCsv()) }),
  },
  'POST /painel/importar/:id{[0-9]{1,9}}/executar': {
    permission: 'catalog:write',
    ok: 303,
    prepare: async (app, dono) => post(`/painel/importar/${await plannedJob(app, dono)}/executar`, {}),
  },
  'POST /api/backoffice/exchanges/:id{[0-9]{1,9}}/status': {
    permission: 'exchanges:write',
    ok: 200,
    prepare: async (app) =>
      json(`/api/backoffice/exchanges/${await requestedExchange(app)}/status`, { to: 'approved' }),
  },
  'POST /api/backoffice/staff/invites': {
    permission: 'staff:manage',
    ok: 201,
    prepare: async () => json('/api/backoffice/staff/invites', { email: freshEmail(), role: 'catalogo' }),
  },
  'POST /api/backoffice/staff/:id{[0-9]{1,9}}/role': {
    permission: 'staff:manage',
    ok: 200,
    prepare: async () => json(`/api/backoffice/staff/${await staffId('catalogo')}/role`, { role: 'operacoes' }),
  },
  'POST /api/backoffice/staff/:id{[0-9]{1,9}}/active': {
    permission: 'staff:manage',
    ok: 200,
    prepare: async () => json(`/api/backoffice/staff/${await staffId('marketing')}/active`, { active: false }),
  },
  'POST /api/staff-invite': {
    permission: null,
    ok: 200,
    prepare: async (app, dono) => json('/api/staff-invite', await acceptFields(app, dono)),
  },
  'POST /painel/pedidos/:id{[0-9]{1,9}}/status': {
    permission: 'orders:write',
    ok: 303,
    prepare: async () => post(`/painel/pedidos/${await paidOrder()}/status`, { to: 'invoiced' }),
  },
  'POST /painel/trocas/:id{[0-9]{1,9}}/status': {
    permission: 'exchanges:write',
    ok: 303,
    prepare: async (app) => post(`/painel/trocas/${await requestedExchange(app)}/status`, { to: 'approved' }),
  },
  'POST /painel/equipe/convites': {
    permission: 'staff:manage',
    ok: 303,
    prepare: async () => post('/painel/equipe/convites', { email: freshEmail(), role: 'operacoes' }),
  },
  'POST /painel/equipe/:id{[0-9]{1,9}}/papel': {
    permission: 'staff:manage',
    ok: 303,
    prepare: async () => post(`/painel/equipe/${await staffId('operacoes')}/papel`, { role: 'marketing' }),
  },
  'POST /painel/equipe/:id{[0-9]{1,9}}/situacao': {
    permission: 'staff:manage',
    ok: 303,
    prepare: async () => post(`/painel/equipe/${await staffId('catalogo')}/situacao`, { active: '0' }),
  },
  'POST /painel/cupons': {
    permission: 'promotions:write',
    ok: 303,
    prepare: async () => post('/painel/cupons', couponFields({ usageLimit: '3' })),
  },
  'POST /painel/cupons/:id{[0-9]{1,9}}': {
    permission: 'promotions:write',
    ok: 303,
    prepare: async () => {
      const { id, version } = await aCoupon();
      return post(`/painel/cupons/${id}`, couponFields({ value: '15', version: String(version) }));
    },
  },
  'POST /painel/cupons/:id{[0-9]{1,9}}/encerrar': {
    permission: 'promotions:write',
    ok: 303,
    prepare: async () => {
      const { id, version } = await aCoupon();
      return post(`/painel/cupons/${id}/encerrar`, { version: String(version) });
    },
  },
  'POST /painel/cupons/vendedores': {
    permission: 'promotions:write',
    ok: 303,
    prepare: async () =>
      post('/painel/cupons/vendedores', {
        code: `V${couponFields().code}`,
        name: 'Vendedor Novo',
        discountPct: '10',
        active: 'on',
      }),
  },
  'POST /painel/cupons/vendedores/:id{[0-9]{1,9}}': {
    permission: 'promotions:write',
    ok: 303,
    prepare: async () => {
      const { id, version, code } = await aSeller();
      return post(`/painel/cupons/vendedores/${id}`, {
        code,
        name: 'Vendedora Renomeada',
        discountPct: '12',
        active: 'on',
        version: String(version),
      });
    },
  },
  'POST /painel/clientes/:id{[0-9]{1,9}}/cashback': {
    permission: 'customers:write',
    ok: 303,
    prepare: async () =>
      post(`/painel/clientes/${(await createCustomerSession()).customerId}/cashback`, {
        amount: '10,00',
        reason: 'Cortesia',
        balance: '0',
      }),
  },
  'POST /painel/clientes/:id{[0-9]{1,9}}/exportar': {
    permission: 'customers:write',
    ok: 200,
    prepare: async () => post(`/painel/clientes/${(await createCustomerSession()).customerId}/exportar`, {}),
  },
  'POST /painel/clientes/:id{[0-9]{1,9}}/apagar': {
    permission: 'customers:write',
    ok: 303,
    prepare: async () =>
      post(`/painel/clientes/${(await createCustomerSession()).customerId}/apagar`, { confirm: 'on' }),
  },
  ...CONTENT_MUTATIONS,
  'POST /painel/convite': {
    permission: null,
    ok: 200,
    prepare: async (app, dono) => post('/painel/convite', await acceptFields(app, dono)),
  },
};

/** What each role may do, written here from the issue (ADR 0028), independently of the code's table. */
export const EXPECTED_ROLES: Record<Role, readonly string[]> = {
  dono: [
    'orders:write',
    'exchanges:write',
    'catalog:write',
    'stock:write',
    'promotions:write',
    'content:write',
    'customers:write',
    'staff:manage',
    'audit:read',
  ],
  catalogo: ['catalog:write', 'stock:write'],
  operacoes: ['orders:write', 'exchanges:write', 'stock:write', 'customers:write'],
  marketing: ['promotions:write', 'content:write'],
};

export { sameOriginJson };
