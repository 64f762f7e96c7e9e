import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HeaderProps } from '../../src/ui/header/types';
import { bootstrapJson, headerMenu, islandProps, makeApp, scriptTags, seed, setParameter } from './app-harness';

const { request } = makeApp();
const PAYLOAD = '</script><script>alert(1)</script><b>ok</b>';
const EVIL_NAME = 'Praia </script><script>alert(2)</script> & <!-- \u2028';

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `sha256-${btoa(String.fromCharCode(...digest))}`;
}

/**
 * No script an attacker could have placed: every <script> is one of ours, with our attributes; an inline script
 * runs only with this response's nonce or, on a page from the edge cache, with its hash in the CSP. Answers the HTML.
 */
async function expectOnlyOurScripts(res: Response): Promise<string> {
  const html = await res.text();
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(html).not.toMatch(/<script>alert/i);
  expect(html).not.toMatch(/alert\(\d\)<\/script>/);
  for (const tag of scriptTags(html)) {
    const data = tag.attrs.id === 'bootstrap' || 'data-island-props' in tag.attrs || 'data-page-script' in tag.attrs;
    const allowed =
      (tag.attrs.nonce !== undefined && csp.includes(`'nonce-${tag.attrs.nonce}'`)) ||
      csp.includes(`'${await sha256(tag.body)}'`);
    const ours = data || tag.attrs.type === 'module' || allowed;
    expect(ours, JSON.stringify(tag.attrs)).toBe(true);
    if (tag.attrs.type === 'application/json') expect(() => JSON.parse(tag.body)).not.toThrow();
  }
  return html;
}

describe('escaping of operator data in pages', () => {
  beforeAll(async () => {
    await seed();
    await setParameter('text_promotion_home', PAYLOAD);
    await env.DB.prepare(
      `INSERT INTO menu_items (id, menu_id, parent_id, depth, position, name, url, id_slug, display_type)
       VALUES (9001, 1, NULL, 0, 99, ?, NULL, 'praia-evil', 'other')`,
    )
      .bind(EVIL_NAME)
      .run();
  });

  it('keeps the promotion text sanitised (script gone, <b> kept) and inert in the island props', async () => {
    const res = await request('/');
    expect(res.status).toBe(200);
    const html = await expectOnlyOurScripts(res);
    const header = islandProps<HeaderProps>(html, 'Header');
    expect(header?.promotion?.html).toBe('<b>ok</b>');
    // The raw JSON carries no `<`, so `</script>` cannot appear inside a data block.
    const raw = scriptTags(html).find((t) => t.attrs['data-island-props'] === 'Header')!.body;
    expect(raw).not.toMatch(/[<>]/);
  });

  it('does not let a menu item name break out of the props or the markup', async () => {
    const html = await expectOnlyOurScripts(await request('/'));
    // The island's menu comes as JSON from its own URL, the name exactly as stored.
    expect((await headerMenu(html, request)).find((m) => m.id === 9001)?.name).toBe(EVIL_NAME);
    // Rendered as text in the department grid.
    expect(html).toContain('Praia &lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt; &amp; &lt;!-- ');
  });

  it('renders the item page with the name escaped', async () => {
    const res = await request('/praia-evil');
    expect(res.status).toBe(200);
    const html = await expectOnlyOurScripts(res);
    expect(html).toMatch(/<title>Praia &lt;\/script&gt;/);
  });

  it('never renders an operator javascript: menu URL as a live link', async () => {
    await env.DB.prepare(
      `INSERT INTO menu_items (id, menu_id, parent_id, depth, position, name, url, id_slug, display_type)
       VALUES (9002, 1, NULL, 0, 100, 'Link ruim', 'javascript://%0aalert(5)', 'link-ruim', 'other')`,
    ).run();
    const html = await (await request('/')).text();
    expect(html).not.toMatch(/href="javascript:\/\/%0aalert/i);
    await env.DB.prepare('DELETE FROM menu_items WHERE id = 9002').run();
  });

  it('escapes the search term', async () => {
    const res = await request(`/search?q=${encodeURIComponent('"><script>alert(3)</script>')}`);
    expect(res.status).toBe(200);
    const html = await expectOnlyOurScripts(res);
    expect(html).toContain('&lt;script&gt;alert(3)');
  });

  it('keeps the bootstrap JSON parseable', async () => {
    const html = await expectOnlyOurScripts(
      await request('/', { headers: { 'user-agent': '</script><script>alert(4)</script> VitrineApp/1' } }),
    );
    expect(bootstrapJson<{ appMode: boolean }>(html).appMode).toBe(true);
  });
});
