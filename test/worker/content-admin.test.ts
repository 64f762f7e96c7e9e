import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '../../src/contracts/content';
import { CONTROL_CHAR_MESSAGE } from '../../src/contracts/text-input';
import { createOperatorSession } from './backoffice-fixtures';
import { makeApp, makeProxyPair, seed } from './app-harness';
import {
  addedEntry,
  bannerFields,
  CONTENT_MUTATIONS,
  draftBody,
  draftVersion,
  entryFields,
  postForm,
  stripFields,
} from './content-fixtures';
import { auditCount, lastAudit, text } from './staff-fixtures';

/** The storefront's content in the back office (ADR 0033): drafts, preview, publish, restore; what shoppers then see. */
const app = makeApp();
let marketing: string;
let catalogo: string;
const contentVersion = async () =>
  (await env.DB.prepare('SELECT version FROM content_version WHERE id = 1').first<number>('version'))!;
const publish = async () => {
  const res = await app.request('/painel/conteudo/publicar', postForm({ version: await draftVersion() }, marketing));
  expect(res.status, await res.clone().text()).toBe(303);
};
const save = async (path: string, fields: Record<string, string>) => {
  const res = await app.request(path, postForm(fields, marketing));
  expect(res.status, await res.clone().text()).toBe(303);
};

/** Per route: bad values (a version that does not read, control characters, Object.prototype names) → 400. */
const BAD: Record<string, Record<string, string>[]> = {
  'POST /painel/conteudo/faixa': [
    { version: '__proto__' },
    { text_0: 'Frete\u0000grátis' },
    { href_1: 'constructor' },
    { href_3: '/x', text_3: 'a' },
  ],
  'POST /painel/conteudo/banner': [
    { version: 'constructor' },
    { link: 'javascript:alert(1)' },
    { endsAt: '__proto__' },
    { coupon: 'x\u0007' },
  ],
  'POST /painel/conteudo/destaque': [{ title: '' }, { primaryHref: 'constructor' }, { text: 'a\u202eb' }],
  'POST /painel/conteudo/menu': [
    { parentId: '__proto__' },
    { displayType: 'constructor' },
    { slug: '__proto__' },
    { image: 'x.svg' },
  ],
  'POST /painel/conteudo/menu/:id{[0-9]{1,9}}': [
    { displayType: '__proto__' },
    { color: 'constructor' },
    { name: 'a\u0000' },
  ],
  'POST /painel/conteudo/menu/:id{[0-9]{1,9}}/remover': [{ version: '__proto__' }],
  'POST /painel/conteudo/menu/:id{[0-9]{1,9}}/mover': [{ direction: 'constructor' }, { direction: '__proto__' }],
  'POST /painel/conteudo/publicar': [{ version: 'constructor' }],
  'POST /painel/conteudo/restaurar': [{ version: '' }],
};

beforeAll(async () => {
  await seed();
  marketing = (await createOperatorSession('marketing', 'Equipe Marketing')).cookie;
  catalogo = (await createOperatorSession('catalogo', 'Equipe Catálogo')).cookie;
});

describe('/painel/conteudo mutations', () => {
  it('each: marketing succeeds with one audit row; catalogo gets 403; a stale form 409s; bad input 400s in pt-BR; none writes then', async () => {
    for (const [key, mutation] of Object.entries(CONTENT_MUTATIONS)) {
      let { path, fields } = await mutation.prepare(app, marketing);
      expect((await app.request(path, postForm(fields, catalogo))).status, `${key} catalogo`).toBe(403);
      let before = await auditCount();
      const ok = await app.request(path, postForm(fields, marketing));
      expect(ok.status, `${key}: ${await ok.clone().text()}`).toBe(303);
      expect((await auditCount()) - before, key).toBe(1);
      expect((await lastAudit())!.action, key).toMatch(/^content\./);

      ({ path, fields } = await mutation.prepare(app, marketing));
      const stale = { ...fields, version: String(Number(fields.version) - 1) };
      before = await auditCount();
      const conflict = await app.request(path, postForm(stale, marketing));
      expect(conflict.status, key).toBe(409);
      expect(await text(conflict), key).toContain(CONTENT_MESSAGES.stale);
      expect(await auditCount(), key).toBe(before);

      for (const bad of BAD[key]!) {
        const draft = JSON.stringify(await draftBody());
        const res = await app.request(path, postForm({ ...fields, ...bad }, marketing));
        const body = await text(res);
        expect(res.status, `${key} ${JSON.stringify(bad)}: ${body.slice(0, 200)}`).toBe(400);
        const message =
          /role="alert">([^<]+)</.exec(body)?.[1] ?? /<main[^>]*>([\s\S]*?)<\/main>/.exec(body)?.[1] ?? '';
        expect(message, `${key} ${JSON.stringify(bad)}`).toMatch(
          /[áâãçéêíóôõú]|\b(de|da|do|não|use|informe|escolha|onde)\b/i,
        );
        expect(message).not.toMatch(/\b(invalid|expected|received|required)\b/i);
        expect(await auditCount(), key).toBe(before);
        expect(JSON.stringify(await draftBody()), key).toBe(draft);
      }
    }
    expect(CONTROL_CHAR_MESSAGE).toMatch(/caracteres inválidos/);
  }, 120_000);

  it('proxy mode: the section says the upstream owns the content and every post is a 409 that changes nothing', async () => {
    const { proxy } = makeProxyPair();
    expect(await text(await proxy.request('/painel/conteudo', { headers: { cookie: marketing } }))).toContain(
      'o conteúdo da loja (faixa de avisos, banner, destaque da home e Menu-Topo) pertence a ele',
    );
    for (const [key, mutation] of Object.entries(CONTENT_MUTATIONS)) {
      const { path, fields } = await mutation.prepare(app, marketing);
      const before = await auditCount();
      expect((await proxy.request(path, postForm(fields, marketing))).status, key).toBe(409);
      expect(await auditCount(), key).toBe(before);
    }
  }, 60_000);
});

describe('what shoppers see', () => {
  it('a draft shows only in its author’s preview; publishing shows the strip and a 1280 column entry with a banner card to shoppers, also past the edge cache', async () => {
    const path = '/fitness';
    await app.request(path);
    expect((await app.request(path)).headers.get('x-edge-cache')).toBe('HIT');
    const message = `Nova faixa ${Date.now()}`;
    await save('/painel/conteudo/faixa', stripFields(await draftVersion(), message));
    const column = await addedEntry(app, marketing, { name: 'Corrida de rua', slug: 'fitness/corrida' });
    await addedEntry(app, marketing, {
      name: 'Linha Corrida',
      displayType: 'banner',
      image: 'linha-performance.webp',
      buttonText: 'Correr agora',
    });
    // Not live yet: the shopper's cached page stays; the author's preview shows the draft.
    expect(await (await app.request(path)).text()).not.toContain(message);
    expect(
      (await app.request('/painel/conteudo/previa', { headers: { cookie: marketing } })).headers.get('set-cookie'),
    ).toContain('vitrine_previa=1');
    const preview = await text(await app.request(path, { headers: { cookie: `${marketing}; vitrine_previa=1` } }));
    expect(preview).toContain(message);
    expect(preview).toContain('Prévia do rascunho');
    expect(await text(await app.request(path, { headers: { cookie: 'vitrine_previa=1' } }))).not.toContain(message);

    const versionBefore = await contentVersion();
    const audits = await auditCount();
    await publish();
    expect(await auditCount()).toBe(audits + 1);
    expect(await lastAudit()).toMatchObject({ action: 'content.publish', entity: 'content' });
    expect(await contentVersion()).toBeGreaterThan(versionBefore);
    const shopper = await app.request(path);
    expect(shopper.headers.get('x-edge-cache')).toBe('MISS');
    const html = await text(shopper);
    expect(html).toContain(message);
    expect(html).toContain('Corrida de rua');
    expect(html).toContain('Correr agora');
    expect(await env.DB.prepare('SELECT parent_id FROM menu_items WHERE id = ?').bind(column).first('parent_id')).toBe(
      1280,
    );
    expect(await draftBody()).toBeNull();

    // "Restaurar versão anterior": the menu and strip as before the publish, audited; shoppers' next page shows it.
    await save('/painel/conteudo/restaurar', { version: await draftVersion() });
    expect(await lastAudit()).toMatchObject({ action: 'content.restore' });
    const restored = await text(await app.request(path));
    expect(restored).not.toContain('Corrida de rua');
    expect(restored).not.toContain(message);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM menu_items WHERE id = ?').bind(column).first('n')).toBe(0);
  }, 60_000);

  it('the banner shows until its end and not after; the hero and a moved entry publish too; publishing nothing is a 422', async () => {
    const ends = new Date(Date.now() + 60_000);
    const local = new Date(ends.getTime() - 3 * 3_600_000).toISOString().slice(0, 19);
    await save(
      '/painel/conteudo/banner',
      bannerFields(await draftVersion(), { text: 'Oferta relâmpago', endsAt: local, coupon: 'RAIO20' }),
    );
    await save('/painel/conteudo/destaque', {
      version: await draftVersion(),
      kicker: '',
      title: 'Verão sem fim',
      text: '',
      primaryText: 'Comprar agora',
      primaryHref: '/moda-praia',
      secondaryText: '',
      secondaryHref: '',
    });
    await publish();
    const home = await text(await app.request('/'));
    expect(home).toContain('Oferta relâmpago');
    expect(home).toContain('RAIO20');
    expect(home).toContain('Verão sem fim');
    expect(
      await env.DB.prepare("SELECT value FROM parameters WHERE key = 'start_hours_promotion'").first('value'),
    ).toBe(new Date(Math.floor(ends.getTime() / 1000) * 1000).toISOString());
    await env.DB.prepare("UPDATE parameters SET value = ? WHERE key = 'start_hours_promotion'")
      .bind(new Date(Date.now() - 1000).toISOString())
      .run();
    expect(await text(await app.request('/'))).not.toContain('Oferta relâmpago');

    const nothing = await app.request(
      '/painel/conteudo/publicar',
      postForm({ version: await draftVersion() }, marketing),
    );
    expect(nothing.status).toBe(422);
    expect(await text(nothing)).toContain(CONTENT_MESSAGES.nothingToPublish);

    const first = (await env.DB.prepare(
      'SELECT id FROM menu_items WHERE parent_id = 1280 ORDER BY position LIMIT 1',
    ).first<number>('id'))!;
    await save(`/painel/conteudo/menu/${first}/mover`, { version: await draftVersion(), direction: 'down' });
    expect(
      (
        await app.request(
          `/painel/conteudo/menu/${first}/mover`,
          postForm({ version: await draftVersion(), direction: 'up' }, marketing),
        )
      ).status,
    ).toBe(303);
    await save(`/painel/conteudo/menu/${first}/mover`, { version: await draftVersion(), direction: 'down' });
    await publish();
    expect(await env.DB.prepare('SELECT position FROM menu_items WHERE id = ?').bind(first).first('position')).toBe(1);
    expect(
      (
        await app.request(
          `/painel/conteudo/menu/999999/remover`,
          postForm({ version: await draftVersion() }, marketing),
        )
      ).status,
    ).toBe(404);
    expect(entryFields('1').displayType).toBe('column');
  }, 60_000);
});
