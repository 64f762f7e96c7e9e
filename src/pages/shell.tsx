import type { ReactNode } from 'react';
import { ConsentBanner } from '../ui/consent-banner';
import { Footer } from '../ui/footer';
import { STYLESHEET_ID } from '../ui/stylesheet-id';
import type { HeaderProps, HeaderWireProps } from '../ui/header/types';
import { isDefaultStrip } from '../ui/header/announcements';
import { AppMenu } from '../../client/islands/app/app-menu';
import { assets } from '../html/assets';
import { Island } from './island';
import { LazyIsland } from './lazy-island';

/**
 * `appMode`: the app webview gets the floating menu instead of the header, and no web-only widgets or consent banner.
 * `hideHeader`: the checkout has neither (spec §2), it brings its own minimal bar.
 * `backOffice`: the operator's pages keep the header but get none of the shopper's widgets (no consent banner here;
 * client/widgets leaves the WhatsApp button out by path).
 */
export function Shell(props: {
  header: HeaderProps;
  /** Where the Header island fetches its menu as it hydrates: it is not in the page's JSON (src/pages/header-menu.ts). */
  menuUrl: string;
  appMode: boolean;
  hideHeader?: boolean;
  backOffice?: boolean;
  imageHost: string;
  /** The footer's payment badges (the methods this host offers); absent: all of them. */
  payments?: readonly string[] | undefined;
  children: ReactNode;
}) {
  const { menu, announcements, ...rest } = props.header;
  const strip = isDefaultStrip(announcements) ? {} : { announcements };
  const whatsappUrl = rest.whatsappUrl;
  return (
    <>
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      {props.hideHeader ? null : props.appMode ? (
        <LazyIsland name="AppMenu" component={AppMenu} props={{ menu, whatsappUrl }} />
      ) : (
        <>
          {/* Fetched while the browser idles, so the header's first hydration finds it in the cache. */}
          <link rel="prefetch" href={props.menuUrl} />
          <Island
            name="Header"
            props={props.header}
            wire={{ ...rest, ...strip, menuUrl: props.menuUrl } satisfies HeaderWireProps}
          />
        </>
      )}
      {/* Hashed and immutable: blocks the rendering of what follows it only, and later pages take it from the cache. */}
      <link rel="stylesheet" id={STYLESHEET_ID} href={assets.css} />
      <main id="conteudo" tabIndex={-1}>
        {props.children}
      </main>
      <Footer appMode={props.appMode} payments={props.payments} />
      {/* Web only, never in checkout nor the back office; shown by the head script when no choice is recorded (src/lib/site/consent). */}
      {props.appMode || props.hideHeader || props.backOffice ? null : <ConsentBanner />}
      <Island name="Overlays" props={{}} />
      <Island name="CartOverlay" props={{ imageHost: props.imageHost }} />
      <Island name="LoginModal" props={{}} />
    </>
  );
}
