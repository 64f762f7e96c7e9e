import { stripAccents } from '../../../src/lib/format/text';

export interface SearchDeps {
  track(event: { event: string; term: string }): void;
  closeMenu(): void;
  navigate(href: string): void;
}

/** Spec §2/§5: the accent-free, trimmed term; null when there is nothing to search. */
export function searchTerm(raw: string): string | null {
  const term = stripAccents(raw.trim());
  return term === '' ? null : term;
}

/** Runs a search: analytics event, mobile menu closed, client-side navigation. False when empty. */
export function runSearch(raw: string, deps: SearchDeps): boolean {
  const term = searchTerm(raw);
  if (term === null) return false;
  deps.track({ event: 'buscou-produto', term });
  deps.closeMenu();
  deps.navigate('/search?q=' + encodeURIComponent(term));
  return true;
}
