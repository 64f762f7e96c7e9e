import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuditExportSchema, AuditPageSchema } from '../../src/contracts/staff';
import { auditStatement, type AuditEntry } from '../../src/commerce/audit/repo';
import { backofficeRepo } from '../../src/commerce/backoffice/repo';
import { orderLifecycleDeps } from '../../src/commerce/orders/embedded';
import { advanceOrder } from '../../src/commerce/orders/lifecycle';
import { storeDay } from '../../src/lib/format/dates';
import { makeApp, seed } from './app-harness';
import { client, createOperatorSession } from './backoffice-fixtures';
import { auditCount, form, lastAudit, paidOrder, requestedExchange, text } from './staff-fixtures';

const app = makeApp();
let dono: { cookie: string; customerId: number; email: string };

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  staffId: dono.customerId,
  staffEmail: dono.email,
  action: 'test.action',
  entity: 'teste',
  entityId: '1',
  before: null,
  after: { ok: true },
  requestId: 'req-test-0001',
  ...over,
});

/** RFC 4180 parse of a whole CSV text (quoted cells, doubled quotes, CRLF records). */
function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i += 1) {
    const ch = csv[i]!;
    if (quoted) {
      if (ch === '"' && csv[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && csv[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  return rows;
}

beforeAll(async () => {
  await seed();
  dono = await createOperatorSession('dono', 'Dona Auditoria');
});

describe('the audit row of a mutation', () => {
  it('names who, what, which record, the changed fields before/after, the request id and when', async () => {
    const orderId = await paidOrder();
    const res = await app.request(`/painel/pedidos/${orderId}/status`, {
      ...form({ to: 'invoiced' }, dono.cookie),
      headers: { ...(form({}, dono.cookie).headers as Record<string, string>), 'x-request-id': 'auditoria-req-12345' },
    });
    expect(res.status).toBe(303);
    const row = await lastAudit();
    expect(row).toMatchObject({
      staff_id: dono.customerId,
      staff_email: dono.email,
      action: 'order.status',
      entity: 'order',
      entity_id: String(orderId),
      request_id: 'auditoria-req-12345',
    });
    expect(JSON.parse(row!.before_json!)).toEqual({ status: 'paid', trackingCode: null });
    expect(JSON.parse(row!.after_json!)).toEqual({ status: 'invoiced', trackingCode: null });
    expect(Date.now() - Date.parse(row!.created_at)).toBeLessThan(60_000);
    // The API answers carry their own request id, and the row has it.
    const exchangeId = await requestedExchange(app);
    const api = await client(app, dono.cookie).post(`/api/backoffice/exchanges/${exchangeId}/status`, {
      to: 'approved',
      note: 'ok',
    });
    expect(api.status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'exchange.status',
      entity_id: String(exchangeId),
      request_id: api.headers.get('x-request-id'),
    });
  });

  it('a refused mutation (illegal step, unknown record) writes no row', async () => {
    const orderId = await paidOrder();
    const before = await auditCount();
    const me = client(app, dono.cookie);
    expect((await me.post(`/api/backoffice/orders/${orderId}/status`, { to: 'delivered' })).status).toBe(409);
    expect((await me.post('/api/backoffice/orders/999999999/status', { to: 'invoiced' })).status).toBe(404);
    expect((await me.post(`/api/backoffice/orders/${orderId}/status`, { to: '__proto__' })).status).toBe(400);
    expect((await me.post(`/api/backoffice/orders/${orderId}/status`, { to: 'invoiced\u0000' })).status).toBe(400);
    expect(await auditCount()).toBe(before);
  });

  it('is in the same batch as the mutation: when the row cannot be written, the mutation is not either', async () => {
    const orderId = await paidOrder();
    const broken = auditStatement(env.DB, entry({ entity: '' })); // CHECK (length(entity) BETWEEN 1 AND 40)
    await expect(
      advanceOrder(orderLifecycleDeps(env.DB), orderId, 'invoiced', new Date(), undefined, [broken]),
    ).rejects.toThrow();
    expect(await env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(orderId).first<string>('status')).toBe(
      'paid',
    );
    const exchangeId = await requestedExchange(app);
    const step = { id: exchangeId, to: 'approved' as const, operatorId: dono.customerId, note: null, now: new Date() };
    await expect(
      backofficeRepo(env.DB).exchangeStep(step, [auditStatement(env.DB, entry({ action: '' }))]),
    ).rejects.toThrow();
    expect(
      await env.DB.prepare('SELECT status FROM exchanges WHERE id = ?').bind(exchangeId).first<string>('status'),
    ).toBe('requested');
  });

  it('is append-only: the database refuses UPDATE and DELETE on it', async () => {
    await auditStatement(env.DB, entry()).run();
    const n = await auditCount();
    await expect(env.DB.prepare("UPDATE audit_log SET action = 'x'").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare('DELETE FROM audit_log').run()).rejects.toThrow(/append-only/);
    expect(await auditCount()).toBe(n);
  });
});

describe('/painel/auditoria', () => {
  it('filters by record, person and dates, newest first, and pages by 50', async () => {
    const other = await createOperatorSession('dono', 'Outra Pessoa');
    const rows = Array.from({ length: 55 }, (_, i) =>
      auditStatement(env.DB, entry({ entity: 'filtro', entityId: String(i) })),
    );
    await env.DB.batch([
      ...rows,
      auditStatement(
        env.DB,
        entry({ entity: 'filtro', staffId: other.customerId, staffEmail: other.email, entityId: 'outra' }),
      ),
    ]);
    const get = async (q: string) =>
      AuditPageSchema.parse(await (await client(app, dono.cookie).get(`/api/backoffice/audit?${q}`)).json());
    const first = await get('entity=filtro');
    expect(first.total).toBe(56);
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]!.entityId).toBe('outra');
    expect((await get('entity=filtro&page=2')).entries).toHaveLength(6);
    expect((await get(`entity=filtro&staff=${encodeURIComponent(other.email)}`)).total).toBe(1);
    expect((await get(`entity=filtro&staff=${other.customerId}`)).total).toBe(1);
    // A number is a staff id, never part of an e-mail that happens to hold those digits.
    await auditStatement(env.DB, entry({ entity: 'filtro_n', staffEmail: `caixa${other.customerId}@loja.test` })).run();
    expect((await get(`entity=filtro_n&staff=${other.customerId}`)).total).toBe(0);
    expect((await get(`entity=filtro_n&staff=caixa${other.customerId}`)).total).toBe(1);
    const today = storeDay(new Date());
    expect((await get(`entity=filtro&from=${today}&to=${today}`)).total).toBe(56);
    expect((await get('entity=filtro&to=2000-01-01')).total).toBe(0);
    const html = await text(await app.request('/painel/auditoria?entity=filtro', { headers: { cookie: dono.cookie } }));
    expect(html).toContain('56 registros');
    expect(html).toContain('href="/painel/auditoria?entity=filtro&page=2"');
    expect(html).toContain('href="/painel/auditoria?entity=filtro&formato=csv"');
    for (const bad of [
      'from=2026-02-31',
      'from=2026-05-02&to=2026-05-01',
      'entity=Pedido!',
      'page=0',
      `staff=${'a'.repeat(201)}`,
    ]) {
      const res = await app.request(`/painel/auditoria?${bad}`, { headers: { cookie: dono.cookie } });
      expect(res.status, bad).toBe(400);
      expect(await text(res)).toMatch(/inválid|antes da final/);
      expect((await client(app, dono.cookie).get(`/api/backoffice/audit?${bad}`)).status, bad).toBe(400);
    }
  });

  it("dates are the store's days (São Paulo): 23:30 there is still that day, though UTC has moved on", async () => {
    // 02:30 UTC on the 10th is 23:30 on the 9th in São Paulo; 03:30 UTC is 00:30 on the 10th there.
    const at = (createdAt: string, id: string) =>
      env.DB.prepare(
        `INSERT INTO audit_log (staff_id, staff_email, action, entity, entity_id, before_json, after_json, request_id, created_at)
         VALUES (?, ?, 'test.action', 'fuso', ?, NULL, NULL, 'req-fuso', ?)`,
      ).bind(dono.customerId, dono.email, id, createdAt);
    await env.DB.batch([
      at('2026-03-10T02:30:00.000Z', 'noite-do-dia-9'),
      at('2026-03-10T03:30:00.000Z', 'madrugada-do-dia-10'),
    ]);
    const ids = async (q: string) =>
      AuditPageSchema.parse(
        await (await client(app, dono.cookie).get(`/api/backoffice/audit?entity=fuso&${q}`)).json(),
      ).entries.map((e) => e.entityId);
    expect(await ids('from=2026-03-09&to=2026-03-09')).toEqual(['noite-do-dia-9']);
    expect(await ids('from=2026-03-10&to=2026-03-10')).toEqual(['madrugada-do-dia-10']);
    const page = await text(
      await app.request('/painel/auditoria?entity=fuso&from=2026-03-10', { headers: { cookie: dono.cookie } }),
    );
    expect(page).toContain('madrugada-do-dia-10');
    expect(page).not.toContain('noite-do-dia-9');
  });

  it('exports CSV: quoted cells, formula-looking cells defused, filtered like the page', async () => {
    const hostile = [
      entry({ entity: 'csv', entityId: '=HYPERLINK("http://evil")', after: { note: 'a, "b"\nc' } }),
      entry({ entity: 'csv', entityId: '+1+1', staffEmail: '@evil' }),
      entry({ entity: 'csv', entityId: '-2', action: 'ação; com acento' }),
    ];
    await env.DB.batch(hostile.map((e) => auditStatement(env.DB, e)));
    const res = await app.request('/painel/auditoria?entity=csv&formato=csv', { headers: { cookie: dono.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"$/);
    // A UTF-8 BOM first (spreadsheets then read the accents); text() drops it when decoding.
    expect([...new Uint8Array(await res.clone().arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const body = await res.text();
    const [header, ...rows] = parseCsv(body);
    expect(header!.join(',')).toBe('id,data,pessoa_id,pessoa_email,acao,entidade,entidade_id,antes,depois,request_id');
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r[6])).toEqual(["'-2", "'+1+1", `'=HYPERLINK("http://evil")`]);
    expect(rows[1]![3]).toBe("'@evil");
    expect(rows[0]![4]).toBe('ação; com acento');
    expect(JSON.parse(rows[2]![8]!)).toEqual({ note: 'a, "b"\nc' });
    // No cell a spreadsheet would evaluate.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
    const api = AuditExportSchema.parse(
      await (await client(app, dono.cookie).get('/api/backoffice/audit/export?entity=csv')).json(),
    );
    expect(api.entries.map((e) => e.entityId)).toEqual(['-2', '+1+1', '=HYPERLINK("http://evil")']);
    const apiCsv = await client(app, dono.cookie).get('/api/backoffice/audit/export?entity=csv&formato=csv');
    expect(await apiCsv.text()).toBe(body);
  });

  it('needs audit:read: other roles get the 403 page, signed-out the login', async () => {
    const ops = await createOperatorSession('operacoes');
    const res = await app.request('/painel/auditoria?formato=csv', { headers: { cookie: ops.cookie } });
    expect(res.status).toBe(403);
    expect(await text(res)).toContain('Sem permissão');
    expect((await app.request('/painel/auditoria')).status).toBe(303);
    expect((await client(app, '').get('/api/backoffice/audit')).status).toBe(401);
  });
});
