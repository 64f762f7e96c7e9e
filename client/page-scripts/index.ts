/**
 * Page scripts: plain-DOM code a page runs without any interaction — page-view analytics — so it needs
 * neither React nor the stores. The server renders `<PageScript name props>` (src/pages/page-script.tsx), a JSON
 * block this finds; each script's code is its own chunk, loaded only on pages that render it. A script returns its
 * cleanup, run when a client-side navigation replaces the region it was found in.
 */
import { dict } from '../../src/lib/security/dict';
export type PageScriptCleanup = () => void;

export const pageScripts = dict({
  AddedStandIn: () => import('./added-stand-in').then((m) => m.startAddedStandIn),
  ListingTracker: () => import('./listing-tracker').then((m) => m.startListingTracker),
  PageView: () => import('./page-view').then((m) => m.startPageView),
  ReturnPoll: () => import('./return-poll').then((m) => m.startReturnPoll),
});
export type PageScriptName = keyof typeof pageScripts;

const running = new Map<Element, Promise<PageScriptCleanup | void>>();

/** Starts every page script under `scope` not started yet. */
export function startPageScripts(scope: ParentNode): void {
  for (const el of scope.querySelectorAll<HTMLScriptElement>('script[data-page-script]')) {
    const name = el.dataset.pageScript as PageScriptName;
    if (running.has(el) || !(name in pageScripts)) continue;
    const props = JSON.parse(el.textContent || '{}') as never;
    running.set(
      el,
      pageScripts[name]().then((start) => (el.isConnected ? start(props) : undefined)),
    );
  }
}

/** Stops the page scripts inside a region a client-side navigation is about to replace. */
export function stopPageScripts(scope: Element): void {
  for (const [el, cleanup] of running) {
    if (!scope.contains(el)) continue;
    running.delete(el);
    void cleanup.then((stop) => stop?.());
  }
}
