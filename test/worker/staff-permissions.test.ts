import { beforeAll, describe, expect, it } from 'vitest';
import { backofficeRoutes } from '../../src/commerce/backoffice/routes';
import { declaredPermission } from '../../src/commerce/staff/guard';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES, type Role } from '../../src/commerce/staff/permissions';
import { BACKOFFICE_MESSAGES } from '../../src/commerce/backoffice/service';
import { makeApp, seed } from './app-harness';
import { createOperatorSession } from './backoffice-fixtures';
import { auditCount, EXPECTED_ROLES, MUTATIONS, text } from './staff-fixtures';
import { photoBindings } from './photo-fixtures';

/**
 * Issue 30's acceptance: every back-office mutation route is enumerated from the routers, declares a permission
 * and writes exactly one audit row; a role × route matrix answers 403 exactly where the table in this test says.
 */
// The photo upload stores into the R2 test bucket, its variants made by the Node resizer (ADR 0032).
const app = makeApp(photoBindings());
const cookies = {} as Record<Role, string>;

/** `METHOD path` of the back office's routes as the app's router lists them, with the permissions their handlers declare. */
function backOfficeRoutes(): Map<string, Set<string>> {
  const routes = new Map<string, Set<string>>();
  for (const route of app.app.routes) {
    if (route.method === 'ALL') continue;
    if (!/^\/(api\/backoffice\/|api\/staff-invite$|painel(\/|$))/.test(route.path)) continue;
    const key = `${route.method} ${route.path}`;
    const declared = routes.get(key) ?? new Set<string>();
    const permission = declaredPermission(route.handler);
    if (permission) declared.add(permission);
    routes.set(key, declared);
  }
  return routes;
}
const mutations = () => [...backOfficeRoutes().keys()].filter((key) => !key.startsWith('GET ')).sort();

beforeAll(async () => {
  await seed();
  for (const role of ROLES) cookies[role] = (await createOperatorSession(role, `Equipe ${role}`)).cookie;
});

describe('the back office mutation routes, enumerated from the routers', () => {
  it('are exactly the routes this test knows, and every API one of the back-office router is among them', () => {
    expect(mutations()).toEqual(Object.keys(MUTATIONS).sort());
    // Nothing the back-office API router registers escapes the enumeration (e.g. under another prefix).
    const apiMutations = backofficeRoutes.routes
      .filter((r) => r.method !== 'GET' && r.method !== 'ALL')
      .map((r) => `${r.method} /api${r.path}`);
    expect(apiMutations.length).toBeGreaterThan(4);
    for (const key of apiMutations) expect(mutations()).toContain(key);
  });

  it('each declares the permission this test expects (the invitation link, public, declares none)', () => {
    const routes = backOfficeRoutes();
    for (const [key, mutation] of Object.entries(MUTATIONS)) {
      expect([...routes.get(key)!], key).toEqual(mutation.permission ? [mutation.permission] : []);
    }
  });

  it("the code's role table matches the one written here", () => {
    for (const role of ROLES)
      expect([...ROLE_PERMISSIONS[role]].sort(), role).toEqual([...EXPECTED_ROLES[role]].sort());
    expect(EXPECTED_ROLES.dono.slice().sort()).toEqual([...PERMISSIONS].sort());
  });

  it('each writes exactly one audit row when it succeeds', async () => {
    for (const [key, mutation] of Object.entries(MUTATIONS)) {
      const { path, init } = await mutation.prepare(app, cookies.dono);
      const before = await auditCount();
      const res = await app.request(path, init(cookies.dono));
      expect(res.status, `${key}: ${res.status === mutation.ok ? '' : await res.text()}`).toBe(mutation.ok);
      expect((await auditCount()) - before, key).toBe(1);
    }
  });
});

describe('role × route matrix', () => {
  it('answers 403 ("sem permissão") exactly where the role lacks the permission, changing and auditing nothing', async () => {
    const outcomes: string[] = [];
    for (const [key, mutation] of Object.entries(MUTATIONS)) {
      if (!mutation.permission) continue;
      for (const role of ROLES) {
        const allowed = EXPECTED_ROLES[role].includes(mutation.permission);
        const { path, init } = await mutation.prepare(app, cookies.dono);
        const before = await auditCount();
        const res = await app.request(path, init(cookies[role]));
        const body = await text(res);
        outcomes.push(`${key} ${role} ${res.status}`);
        if (allowed) {
          expect(res.status, `${key} as ${role}`).toBe(mutation.ok);
          expect((await auditCount()) - before, `${key} as ${role}`).toBe(1);
        } else {
          expect(res.status, `${key} as ${role}`).toBe(403);
          expect(body, `${key} as ${role}`).toContain(BACKOFFICE_MESSAGES.noPermission);
          if (key.startsWith('POST /painel')) expect(body).toContain('Sem permissão');
          expect(await auditCount(), `${key} as ${role}`).toBe(before);
        }
      }
    }
    // 41 guarded routes × 4 roles, and the 403s where the table says: 8 orders/exchanges routes (catalogo, marketing),
    // 6 staff routes (all but dono), 8 catalog routes (operacoes, marketing), 2 stock routes (marketing),
    // 5 promotions routes (catalogo, operacoes), 3 customers routes (catalogo, marketing), 9 content routes (catalogo,
    // operacoes).
    expect(outcomes).toHaveLength(164);
    expect(outcomes.filter((o) => o.endsWith(' 403'))).toHaveLength(
      8 * 2 + 6 * 3 + 8 * 2 + 2 * 1 + 5 * 2 + 3 * 2 + 9 * 2,
    );
    // 164 requests (each with its own fresh record): ~30 s on a busy 2-core machine, past vitest's default 30 s.
  }, 150_000);

  it('reads need only a staff account, except the audit log (audit:read)', async () => {
    const reads: [string, string | null][] = [
      ['/painel/pedidos', null],
      ['/painel/trocas', null],
      ['/painel/equipe', null],
      ['/painel/cupons', null],
      ['/painel/conteudo', null],
      ['/painel/clientes', null],
      ['/api/backoffice/me', null],
      ['/api/backoffice/orders', null],
      ['/api/backoffice/exchanges', null],
      ['/api/backoffice/staff', null],
      ['/painel/auditoria', 'audit:read'],
      ['/api/backoffice/audit', 'audit:read'],
      ['/api/backoffice/audit/export', 'audit:read'],
    ];
    for (const [path, permission] of reads) {
      for (const role of ROLES) {
        const res = await app.request(path, { headers: { cookie: cookies[role] } });
        const allowed = !permission || EXPECTED_ROLES[role].includes(permission);
        expect(res.status, `${path} as ${role}`).toBe(allowed ? 200 : 403);
      }
    }
  });

  it('only a dono sees the audit section and the staff forms', async () => {
    for (const role of ROLES) {
      const html = await text(await app.request('/painel/equipe', { headers: { cookie: cookies[role] } }));
      expect(html.includes('href="/painel/auditoria"'), role).toBe(role === 'dono');
      expect(html.includes('Enviar convite'), role).toBe(role === 'dono');
    }
  });
});
