import type { ReactNode } from 'react';
import { StoresContext, type Bootstrap, type Stores } from '../../client/stores';
import { APP_MODE_HEAD_SCRIPT } from '../lib/site/app-mode';
import { CONSENT_HEAD_SCRIPT } from '../lib/site/consent';
import { jsonForHtml } from '../lib/security/json';
import { NOINDEX } from '../http/middleware/noindex';
import { assets } from '../html/assets';
import { STYLESHEET_ID } from '../ui/stylesheet-id';
import styles from '../generated/styles.json';

export interface PageMeta {
  title: string;
  /** Paginated lists: the previous/next page's path, as `<link rel="prev|next">`. */
  prevPath?: string;
  nextPath?: string;
  description: string;
  /** Path of the canonical URL; omitted for pages that must not be canonicalised (e.g. with tokens). */
  canonicalPath?: string;
  /** Absolute URL of the OpenGraph image (product pages: the first photo). */
  image?: string;
  /** OpenGraph type when not a plain page (`product`). */
  ogType?: string;
}

export interface DocumentProps {
  meta: PageMeta;
  siteUrl: string;
  nonce: string;
  noindex: boolean;
  bodyClass: string;
  bootstrap: Bootstrap;
  stores: Stores;
  children: ReactNode;
}

export function Document(props: DocumentProps) {
  const { meta } = props;
  // The home page passes the bare brand; give it the words people search for.
  const title =
    meta.title === 'Vitrine' ? 'Vitrine | Moda praia, fitness e moda brasileira' : `${meta.title} | Vitrine`;
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={meta.description} />
        {props.noindex ? <meta name="robots" content={NOINDEX} /> : null}
        {meta.canonicalPath ? <link rel="canonical" href={props.siteUrl + meta.canonicalPath} /> : null}
        {meta.prevPath ? <link rel="prev" href={props.siteUrl + meta.prevPath} /> : null}
        {meta.nextPath ? <link rel="next" href={props.siteUrl + meta.nextPath} /> : null}
        <meta name="theme-color" content="#1d1d1d" />
        <meta property="og:type" content={meta.ogType ?? 'website'} />
        <meta property="og:site_name" content="Vitrine" />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={meta.description} />
        {meta.canonicalPath ? <meta property="og:url" content={props.siteUrl + meta.canonicalPath} /> : null}
        <meta property="og:locale" content="pt_BR" />
        {meta.image ? <meta property="og:image" content={meta.image} /> : null}
        <meta name="twitter:card" content={meta.image ? 'summary_large_image' : 'summary'} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        {/* The shell's critical CSS (base, header, menus) inline, allowed by its hash in the CSP; the rest of the
            stylesheet is linked right before <main> (Shell), so the header paints without waiting for it. */}
        <style dangerouslySetInnerHTML={{ __html: styles.css }} />
        {/* No paint of a half-parsed header (on a busy phone the parser yields mid-header, and the rest shifted it in):
            the first paint waits until the stylesheet's link after the header is parsed, i.e. the whole header — not
            until <main>, which the parser reaches only once that stylesheet has loaded. Browsers without it ignore it. */}
        <link rel="expect" href={`#${STYLESHEET_ID}`} blocking="render" />
        <link rel="preload" as="style" href={assets.css} />
        <script
          id="bootstrap"
          type="application/json"
          nonce={props.nonce}
          dangerouslySetInnerHTML={{ __html: jsonForHtml(props.bootstrap) }}
        />
        {/* App mode by the native bridge (ADR 0004) and whether the consent banner shows: decided before the first paint. */}
        <script
          nonce={props.nonce}
          dangerouslySetInnerHTML={{ __html: `${APP_MODE_HEAD_SCRIPT};${CONSENT_HEAD_SCRIPT}` }}
        />
        {/* The entry only: React and the islands load on the shopper's first interaction (client/main.ts). */}
        <script type="module" async src={assets.js} nonce={props.nonce} />
      </head>
      <body className={props.bodyClass}>
        <StoresContext value={props.stores}>{props.children}</StoresContext>
      </body>
    </html>
  );
}
