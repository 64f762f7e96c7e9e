import { beforeAll, describe, expect, it } from 'vitest';
import { appOpenTarget } from '../../src/lib/site/app-mode';
import { bodyClass, bootstrapJson, islandProps, makeApp, scriptTags, seed } from './app-harness';

const { request } = makeApp();
const APP_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Mobile VitrineApp/3.2.1';
const WEB_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

const page = async (path: string, ua?: string) => {
  const res = await request(path, { headers: ua ? { 'user-agent': ua } : {} });
  expect(res.status).toBe(200);
  return { res, html: await res.text() };
};

describe('app-mode middleware', () => {
  beforeAll(() => seed());

  it.each(['/', '/entregas', '/checkout'])(
    'hides the header and sets body class app-mode on %s in the app',
    async (path) => {
      const { html } = await page(path, APP_UA);
      expect(html).not.toContain('data-island="Header"');
      expect(html).not.toContain('data-island-props="Header"');
      expect(bodyClass(html)?.split(' ')).toContain('app-mode');
      expect(bootstrapJson<{ appMode: boolean }>(html).appMode).toBe(true);
    },
  );

  it("keeps the footer's help and account links in the app, without its own download link (walk 11)", async () => {
    const app = (await page('/entregas', APP_UA)).html;
    expect(app).toContain('<a href="/entregas">Entregas e prazos</a>');
    expect(app).not.toContain('Baixe o app');
    expect((await page('/entregas', WEB_UA)).html).toContain('<a href="/live-app">Baixe o app</a>');
  });

  it('keeps the page-specific body class next to app-mode', async () => {
    const { html } = await page('/checkout', APP_UA);
    expect(bodyClass(html)?.split(' ').sort()).toEqual(['app-mode', 'checkout']);
  });

  it.each([
    ['a browser', WEB_UA],
    ['no user agent', undefined],
    ['a look-alike token', 'Mozilla/5.0 VitrineAppX 1.0'],
  ])('shows the header for %s', async (_who, ua) => {
    const { html } = await page('/', ua);
    expect(html).toContain('data-island="Header"');
    expect(bodyClass(html)?.split(' ') ?? []).not.toContain('app-mode');
    expect(bootstrapJson<{ appMode: boolean }>(html).appMode).toBe(false);
  });

  it.each(['/', '/api/parameters', '/nao-existe'])('varies %s by User-Agent', async (path) => {
    const res = await request(path, { headers: { 'user-agent': APP_UA } });
    const vary = (res.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase());
    expect(vary).toContain('user-agent');
  });

  it('the bridge cookie alone (no user-agent token) renders the app layout from the first byte (ADR 0004)', async () => {
    const res = await request('/entregas', { headers: { 'user-agent': WEB_UA, cookie: 'app_webview=1' } });
    const html = await res.text();
    expect(html).not.toContain('data-island="Header"');
    expect(html).toContain('data-island="AppMenu"');
    expect(bodyClass(html)?.split(' ')).toContain('app-mode');
    expect(bootstrapJson<{ appMode: boolean }>(html).appMode).toBe(true);
    const vary = (res.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase());
    expect(vary).toEqual(expect.arrayContaining(['user-agent', 'cookie']));
    for (const cookie of ['app_webview=0', 'app_webview=', 'app_webview=true']) {
      const web = await (await request('/entregas', { headers: { 'user-agent': WEB_UA, cookie } })).text();
      expect(web, cookie).toContain('data-island="Header"');
    }
  });

  it('every page carries the head script that finds the bridge before the first paint (with the CSP nonce)', async () => {
    const res = await request('/', { headers: { 'user-agent': WEB_UA } });
    const html = await res.text();
    const script = scriptTags(html).find((s) => s.body.includes('ReactNativeWebView'));
    expect(script).toBeDefined();
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(script!.attrs.nonce).toBe(nonce);
    expect(script!.body).toContain('app_webview=1');
  });

  it('renders the floating app menu in the first HTML: menu links are full page loads', async () => {
    const { html } = await page('/', APP_UA);
    expect(islandProps<{ menu: unknown[] }>(html, 'AppMenu')?.menu.length).toBeGreaterThan(0);
    const drawer = html.slice(
      html.indexOf('id="menu-drawer"'),
      html.indexOf('</nav>', html.indexOf('id="menu-drawer"')),
    );
    const links = [...drawer.matchAll(/<a\b[^>]*>/g)].map((m) => m[0]);
    expect(links.length).toBeGreaterThan(2);
    for (const link of links) expect(link).toContain('data-full-load');
    expect(html).toContain('class="menu-mobile__burger"');
    const web = await page('/', WEB_UA);
    expect(web.html).not.toContain('data-island="AppMenu"');
  });

  it('keeps the app-open redirect inert: it computes a custom-scheme target but never for app pages or the app', () => {
    const mobile = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)';
    expect(appOpenTarget({ pathname: '/moda-praia', search: '?a=1', userAgent: mobile, inApp: false })).toBe(
      'vitrine://moda-praia?a=1',
    );
    expect(appOpenTarget({ pathname: '/live-app', search: '', userAgent: mobile, inApp: false })).toBeNull();
    expect(appOpenTarget({ pathname: '/live-app/download', search: '', userAgent: mobile, inApp: false })).toBeNull();
    expect(appOpenTarget({ pathname: '/', search: '', userAgent: mobile, inApp: true })).toBeNull();
    expect(appOpenTarget({ pathname: '/', search: '', userAgent: WEB_UA, inApp: false })).toBeNull();
  });
});
