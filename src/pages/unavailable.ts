import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { RETRY_AFTER_SECONDS } from '../middleware/availability';
import { NOINDEX } from '../middleware/noindex';
import styles from '../generated/styles.json';

export const UNAVAILABLE_TITLE = 'Loja temporariamente indisponível';
export const UNAVAILABLE_MESSAGE =
  'Estamos com uma instabilidade e não conseguimos carregar esta página agora. Tente novamente em alguns instantes.';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The branded 503 every page answers when D1 or the upstream cannot give it its data (down, slow or
 * answering nonsense). A fixed document with no data and no scripts, so it cannot fail in turn;
 * `Retry-After` and `noindex` keep caches and crawlers from taking it for the page.
 */
export function unavailablePage(c: Context<AppEnv>): Response {
  // Only this request's own path: the retry link never leads elsewhere (and never carries a token).
  const retry = escapeHtml(new URL(c.req.url).pathname);
  const nonce = escapeHtml(c.var.nonce ?? '');
  const html = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${UNAVAILABLE_TITLE} | Vitrine</title>
<meta name="robots" content="${NOINDEX}">
<meta name="theme-color" content="#1d1d1d">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style nonce="${nonce}">${styles.css}</style>
</head>
<body class="unavailable-page">
<div class="co-bar"><a href="/" class="co-bar__logo" aria-label="Vitrine — página inicial">Vitrine</a></div>
<main id="main" class="content-page">
<h1>${UNAVAILABLE_TITLE}</h1>
<p class="content-page__lead">${UNAVAILABLE_MESSAGE}</p>
<p><a class="button" href="${retry}">Tentar novamente</a></p>
</main>
</body>
</html>`;
  return c.html(html, 503, { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'private, no-store' });
}
