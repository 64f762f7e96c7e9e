import { describe, expect, it } from 'vitest';
import { runSearch, searchTerm } from '../../client/islands/header/search';
import { createUiStore } from '../../client/stores/ui';

function deps() {
  const ui = createUiStore();
  ui.setMenuOpen(true);
  const calls = { events: [] as unknown[], hrefs: [] as string[] };
  return {
    ui,
    calls,
    deps: {
      track: (e: { event: string; term: string }) => calls.events.push(e),
      closeMenu: () => ui.setMenuOpen(false),
      navigate: (href: string) => calls.hrefs.push(href),
    },
  };
}

describe('searchTerm', () => {
  it('trims and strips accents; empty is null', () => {
    expect(searchTerm('  biquíni ')).toBe('biquini');
    expect(searchTerm('   ')).toBeNull();
    expect(searchTerm('')).toBeNull();
  });
});

describe('runSearch', () => {
  it('tracks buscou-produto, closes the menu and navigates to /search?q=', () => {
    const { ui, calls, deps: d } = deps();
    expect(runSearch(' Saída de praia & top ', d)).toBe(true);
    expect(calls.events).toEqual([{ event: 'buscou-produto', term: 'Saida de praia & top' }]);
    expect(ui.menuOpen.value).toBe(false);
    expect(calls.hrefs).toEqual(['/search?q=Saida%20de%20praia%20%26%20top']);
  });

  it('does nothing for an empty term', () => {
    const { ui, calls, deps: d } = deps();
    expect(runSearch('  ', d)).toBe(false);
    expect(calls.events).toEqual([]);
    expect(calls.hrefs).toEqual([]);
    expect(ui.menuOpen.value).toBe(true);
  });
});
