import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SEARCH_HINTS } from '../../../src/ui/header/clocks';
import { SearchIcon } from '../../../src/ui/header/icons';
import { track } from '../../analytics';
import { navigate } from '../../navigation';
import { useStores } from '../../stores';
import { runSearch, searchTerm } from './search';
import {
  optionId,
  suggestOptions,
  SUGGEST_DEBOUNCE_MS,
  SUGGEST_LISTBOX_ID,
  SUGGEST_MIN_CHARS,
  type SuggestOption,
} from './suggest';

/**
 * A real GET form to /search (works before hydration and without JS); once hydrated, Enter searches
 * client-side with the accent-free term and reports `buscou-produto`. Typing shows an autocomplete
 * listbox (WAI-ARIA combobox): categories, products and "see all", driven by the arrow keys.
 */
export function SearchBox({ term }: { term?: string | undefined }) {
  const { ui, gateways } = useStores();
  const input = useRef<HTMLInputElement>(null);
  const [focused, setFocused] = useState(false);
  const [hasText, setHasText] = useState(false);
  const [options, setOptions] = useState<SuggestOption[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef<AbortController | null>(null);
  // Bumped whenever the dropdown closes, so an answer still on its way does not reopen it.
  const generation = useRef(0);

  useEffect(() => {
    const el = input.current;
    // The shopper may have typed (or the browser restored a value) before hydration.
    if (el) {
      setHasText(el.value !== '');
      setFocused(document.activeElement === el);
    }
    return () => clearTimeout(timer.current);
  }, []);

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const close = () => {
    generation.current++;
    clearTimeout(timer.current);
    setOpen(false);
    setActive(-1);
  };

  const search = () => {
    close();
    runSearch(input.current?.value ?? '', {
      track,
      closeMenu: () => ui.setMenuOpen(false),
      navigate: (href) => void navigate(href),
    });
  };

  const choose = (option: SuggestOption) => {
    if (option.kind === 'all') return search();
    close();
    void navigate(option.href);
  };

  const suggest = (raw: string) => {
    close();
    const term = searchTerm(raw);
    if (term === null || term.length < SUGGEST_MIN_CHARS) return;
    const ticket = generation.current;
    timer.current = setTimeout(() => {
      // Latest request wins: only the superseded fetch is aborted, never a navigation.
      request.current?.abort();
      const controller = (request.current = new AbortController());
      gateways.catalog
        .suggest(term, controller.signal)
        .then((answer) => {
          if (ticket !== generation.current) return;
          const next = suggestOptions(answer, term);
          setOptions(next);
          setActive(-1);
          setOpen(next.length > 0);
        })
        .catch(() => undefined);
    }, SUGGEST_DEBOUNCE_MS);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      if (!open) return setOpen(true);
      const down = event.key === 'ArrowDown';
      setActive((i) => (down ? (i + 1) % count : i <= 0 ? count - 1 : i - 1));
    } else if (event.key === 'Enter' && open && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const expanded = open && options.length > 0;
  const renderOption = (option: SuggestOption, index: number) => (
    <a
      key={option.kind + option.href}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      tabIndex={-1}
      href={option.href}
      className={`suggest__option suggest__option--${option.kind}${index === active ? ' is-active' : ''}`}
      onClick={(event) => {
        if (option.kind === 'all') event.preventDefault();
        // Products and categories: the navigator's document listener follows the link client-side.
        if (option.kind === 'all') search();
        else close();
      }}
    >
      {option.kind === 'product' ? (
        <>
          {option.image ? (
            <img
              className="suggest__thumb"
              src={option.image}
              width={80}
              height={120}
              alt=""
              loading="lazy"
              decoding="async"
            />
          ) : (
            <span className="suggest__thumb" />
          )}
          <span className="suggest__text">
            <span className="suggest__name">{option.label}</span>
            <span className="suggest__price">{option.price}</span>
          </span>
        </>
      ) : (
        option.label
      )}
    </a>
  );
  const group = (label: string, kind: SuggestOption['kind']) => {
    const items = options.map((o, i) => (o.kind === kind ? renderOption(o, i) : null)).filter(Boolean);
    return items.length ? (
      <div role="group" aria-label={label} className="suggest__group">
        <div className="suggest__heading" aria-hidden="true">
          {label}
        </div>
        {items}
      </div>
    ) : null;
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
          role="combobox"
          aria-expanded={expanded}
          aria-controls={SUGGEST_LISTBOX_ID}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          // The hints cycle in plain DOM from the first paint (client/header-clocks.ts); React never rewrites this.
          placeholder={SEARCH_HINTS[0]}
          data-clock=""
          defaultValue={term}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            close();
          }}
          onInput={(event) => {
            setHasText(event.currentTarget.value !== '');
            suggest(event.currentTarget.value);
          }}
          onKeyDown={onKeyDown}
        />
      </label>
      <button type="submit" className="search-box__submit" aria-label="Buscar">
        <SearchIcon />
      </button>
      {expanded ? (
        // Mouse down keeps the focus in the input, so its blur does not close the list before the click lands.
        <div
          id={SUGGEST_LISTBOX_ID}
          role="listbox"
          aria-label="Sugestões de busca"
          className="suggest"
          onMouseDown={(e) => e.preventDefault()}
        >
          {group('Categorias', 'category')}
          {group('Produtos', 'product')}
          {renderOption(options[options.length - 1]!, options.length - 1)}
        </div>
      ) : null}
    </form>
  );
}
