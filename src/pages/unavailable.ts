import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { RETRY_AFTER_SECONDS } from '../http/middleware/availability';
import { NOINDEX } from '../http/middleware/noindex';
import styles from '../generated/styles.json';

export const UNAVAILABLE_TITLE = 'Loja temporariamente indisponível';
export const UNAVAILABLE_MESSAGE =
  'Estamos com uma instabilidade e não conseguimos carregar esta página agora. Tente novamente em alguns instantes.';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A fixed, branded document with no data and no scripts, so it cannot fail in turn: the 503 below, and a
 * form post refused before its page could render (src/pages/refused.ts). `noindex` and `no-store` keep caches
 * and crawlers from taking it for the page.
 */
export function plainPage(
  c: Context<AppEnv>,
  page: { title: string; message: string; link: { href: string; label: string } },
  status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
  headers: Record<string, string> = {},
): Response {
  const nonce = escapeHtml(c.var.nonce ?? '');
  const html = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} | Vitrine</title>
<meta name="robots" content="${NOINDEX}">
<meta name="theme-color" content="#1d1d1d">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style nonce="${nonce}">${styles.css}</style>
</head>
<body class="unavailable-page">
<div class="co-bar"><a href="/" class="co-bar__logo" aria-label="Vitrine — página inicial">Vitrine</a></div>
<main id="main" class="content-page">
<h1>${escapeHtml(page.title)}</h1>
<p class="content-page__lead">${escapeHtml(page.message)}</p>
<p><a class="button" href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.label)}</a></p>
</main>
</body>
</html>`;
  return c.html(html, status, { ...headers, 'Cache-Control': 'private, no-store' });
}

/** The branded 503 every page answers when D1 or the upstream cannot give it its data (down, slow or answering nonsense). */
export function unavailablePage(c: Context<AppEnv>): Response {
  // Only this request's own path: the retry link never leads elsewhere (and never carries a token).
  const retry = new URL(c.req.url).pathname;
  return plainPage(
    c,
    { title: UNAVAILABLE_TITLE, message: UNAVAILABLE_MESSAGE, link: { href: retry, label: 'Tentar novamente' } },
    503,
    {
      'Retry-After': String(RETRY_AFTER_SECONDS),
    },
  );
}
