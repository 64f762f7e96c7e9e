import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_DOCUMENT_CSP } from '../../src/http/middleware/security-headers';
import { makeApp, scriptTags, seed } from './app-harness';

const { request } = makeApp();

function cspNonce(res: Response): string {
  const csp = res.headers.get('content-security-policy') ?? '';
  const nonce = csp.match(/script-src[^;]*'nonce-([^']+)'/)?.[1];
  if (!nonce) throw new Error(`no script nonce in CSP: ${csp}`);
  return nonce;
}

// JSON data blocks are never executed, so CSP does not apply to them; every other script must carry the nonce.
const isDataBlock = (type: string | undefined) => type === 'application/json';

describe('security-headers middleware', () => {
  beforeAll(() => seed());

  it.each(['/', '/cadastro', '/login', '/checkout', '/nao-existe'])(
    'gives every executable <script> of %s the CSP nonce',
    async (path) => {
      const res = await request(path);
      const nonce = cspNonce(res);
      const html = await res.text();
      const executable = scriptTags(html).filter((t) => !isDataBlock(t.attrs.type));
      expect(executable.length).toBeGreaterThan(0);
      for (const tag of executable) expect(tag.attrs.nonce).toBe(nonce);
      // Scripts that carry a nonce carry this response's one.
      for (const tag of scriptTags(html)) if ('nonce' in tag.attrs) expect(tag.attrs.nonce).toBe(nonce);
    },
  );

  it('uses a fresh nonce for every rendered response (a page from the edge cache has none: ADR 0018)', async () => {
    const a = cspNonce(await request('/login'));
    const b = cspNonce(await request('/login'));
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(22); // 128 bits in base64
  });

  it('makes HTML that is not an anonymous edge-cached page private and uncacheable, and forbids framing', async () => {
    const res = await request('/login');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it.each(['/', '/api/parameters', '/robots.txt', '/nao-existe', '/api/nope'])(
    'sends nosniff and a referrer policy on %s',
    async (path) => {
      const res = await request(path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    },
  );

  it("gives JSON answers a CSP under which nothing runs or embeds them (the pages' own is for HTML)", async () => {
    for (const path of ['/api/parameters', '/api/nope']) {
      const res = await request(path);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('content-security-policy')).toBe(NOT_A_DOCUMENT_CSP);
    }
    expect(NOT_A_DOCUMENT_CSP).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('sends HSTS over https; a production host over plain http gets only the https address', async () => {
    const secure = await request('https://www.vitrine.com.br/');
    expect(secure.status).toBe(200);
    expect(secure.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    const plain = await request('http://www.vitrine.com.br/moda-praia?ordem=preco');
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe('https://www.vitrine.com.br/moda-praia?ordem=preco');
    expect(plain.headers.get('set-cookie')).toBeNull();
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    // Other methods keep theirs (308); the same-origin rule then refuses the http Origin they carry.
    const post = await request('http://vitrine.com.br/api/login', { method: 'POST', body: '{}' });
    expect(post.status).toBe(308);
    expect(post.headers.get('location')).toBe('https://vitrine.com.br/api/login');
    // Not a production host (a preview, this machine): served as asked.
    for (const url of ['http://preview.vitrine.pages.dev/', 'http://localhost/', 'http://127.0.0.1/']) {
      const res = await request(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('strict-transport-security'), url).toBeNull();
    }
  });

  it('allows images from an absolute IMAGE_HOST in the CSP', async () => {
    const cdn = makeApp({ IMAGE_HOST: 'https://img.vitrine.com.br/static/' });
    const res = await cdn.request('/');
    expect(res.headers.get('content-security-policy')).toMatch(
      /img-src 'self' data: https:\/\/img\.vitrine\.com\.br(;|$)/,
    );
  });
});

describe('CSP without inline styles (issue 15 item 8, issue 16)', () => {
  beforeAll(() => seed());

  const sha256 = async (text: string) =>
    `sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))))}`;
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.split(' ')[0] === name) ?? '';
  const decode = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');

  it.each(['/', '/moda-praia', '/search?q=biquini', '/sacola', '/checkout', '/cadastro'])(
    '%s: styles need no unsafe-inline; the inline stylesheet and every style attribute are allowed by hash',
    async (path) => {
      const res = await request(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).not.toContain('unsafe-inline');
      const styleSrc = directive(csp, 'style-src');
      const attrSrc = directive(csp, 'style-src-attr');
      expect(attrSrc).not.toBe('');
      const html = await res.text();
      const blocks = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
      expect(blocks.length).toBeGreaterThan(0);
      for (const css of blocks) expect(styleSrc).toContain(`'${await sha256(css)}'`);
      expect(html).toMatch(/<link rel="stylesheet" id="estilos" href="\/build\/app-[0-9a-f]{10}\.css"\/>/);
      for (const [, value] of html.matchAll(/\sstyle="([^"]*)"/g)) {
        expect(attrSrc, `style="${value}"`).toContain(`'${await sha256(decode(value!))}'`);
      }
    },
  );

  it('allows the menu colours from the back office by hash, and nothing else', async () => {
    const html = await (await request('/')).text();
    const colours = [...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) => m[1]);
    // The seeded menu has a coloured entry (Outlet); its attributes (the desktop bar's colour, the phone drawer's
    // custom property) are the only kinds a page renders.
    expect(colours.length).toBeGreaterThan(0);
    for (const c of colours) expect(c).toMatch(/^(color|--entry-color):#[0-9a-f]{6}$/i);
    expect(colours.some((c) => c!.startsWith('--entry-color:'))).toBe(true);
  });
});
