import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SearchIcon } from '../../../src/ui/header/icons';
import { track } from '../../analytics';
import { navigate } from '../../navigation';
import { useStores } from '../../stores';
import { runSearch } from './search';

/** Spec §2/§9: the placeholder cycles these hints, one every 3 s (9 s cycle). */
export const SEARCH_HINTS = ['Moda Praia', 'Tops', 'Leggings'] as const;
export const SEARCH_HINT_MS = 3000;

/**
 * A real GET form to /search (works before hydration and without JS); once hydrated, Enter searches
 * client-side with the accent-free term and reports `buscou-produto`.
 */
export function SearchBox(_props: Record<string, never>) {
  const { ui } = useStores();
  const input = useRef<HTMLInputElement>(null);
  const [hint, setHint] = useState(0);
  const [focused, setFocused] = useState(false);
  const [hasText, setHasText] = useState(false);

  useEffect(() => {
    const el = input.current;
    // The shopper may have typed (or the browser restored a value) before hydration.
    if (el) {
      setHasText(el.value !== '');
      setFocused(document.activeElement === el);
    }
    const timer = setInterval(() => setHint((i) => (i + 1) % SEARCH_HINTS.length), SEARCH_HINT_MS);
    return () => clearInterval(timer);
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    runSearch(input.current?.value ?? '', {
      track,
      closeMenu: () => ui.setMenuOpen(false),
      navigate: (href) => void navigate(href),
    });
  };

  return (
    <form
      className={`search-box${focused || hasText ? ' search-box--active' : ''}`}
      role="search"
      action="/search"
      method="get"
      onSubmit={submit}
    >
      <label className="search-box__field">
        <span className="sr-only">Buscar produtos</span>
        <input
          ref={input}
          className="search-box__input"
          type="search"
          name="q"
          placeholder={SEARCH_HINTS[hint]}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onInput={(event) => setHasText(event.currentTarget.value !== '')}
        />
      </label>
      <button type="submit" className="search-box__submit" aria-label="Buscar">
        <SearchIcon />
      </button>
    </form>
  );
}
