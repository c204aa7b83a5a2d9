import { useStore } from '@nanostores/react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { TitleCard } from '../../../functions/domains/catalogue/index.ts';
import { titleTypeLabels } from '../../lib/texts.ts';
import { searchSuggestions as suggestions } from '../../stores/search-suggestions.ts';
import { searchTexts as t } from './texts.ts';
import './search-box.css';

interface Props {
  /** What the page searched for (`?query=`), shown in the box. */
  query: string;
  /** Put the caret in the box on arrival (rendered as `autofocus`, so it works without JavaScript too). */
  autoFocus?: boolean;
}

const LIST_ID = 'search-suggestions';
const optionId = (card: TitleCard) => `search-option-${card.id}`;

/**
 * The search form of /search. The server renders a plain GET form, which works without
 * JavaScript; once hydrated the input becomes an ARIA 1.2 combobox that suggests titles as you
 * type. Enter on a suggestion opens the title, Enter without one submits the form.
 */
export default function SearchBox({ query, autoFocus = false }: Props) {
  const state = useStore(suggestions.$state);
  // The first client render must equal the server's, so the combobox roles come after hydration.
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const { items } = state;
  const expanded = enhanced && open && items.length > 0;
  const activeIndex = expanded ? items.findIndex((card) => card.id === activeId) : -1;
  const active = activeIndex >= 0 ? items[activeIndex] : undefined;
  const message =
    state.status === 'ready'
      ? state.count > 0
        ? state.corrected
          ? `${t.found(state.count)}. ${t.correctedTo(state.corrected)}`
          : t.found(state.count)
        : t.nothing
      : state.status === 'error'
        ? state.error
        : '';
  // Counts are only announced (the list speaks for itself); "nothing" and errors are shown too.
  const notice =
    enhanced &&
    open &&
    (state.status === 'error' || (state.status === 'ready' && state.count === 0));

  useEffect(() => {
    setEnhanced(true);
    const box = input.current;
    // Typed before hydration: catch up with what is in the box.
    if (box && box.value !== query) {
      suggestions.type(box.value);
      setOpen(document.activeElement === box);
    }
    return suggestions.cancel;
  }, [query]);

  useEffect(() => {
    if (active) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const close = () => {
    setOpen(false);
    setActiveId(null);
  };
  const go = (card: TitleCard) => {
    close();
    location.assign(card.url);
  };

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (items.length === 0) return;
      e.preventDefault();
      const down = e.key === 'ArrowDown';
      const last = items.length - 1;
      const next =
        activeIndex < 0
          ? down
            ? 0
            : last
          : down
            ? activeIndex === last
              ? 0
              : activeIndex + 1
            : activeIndex === 0
              ? last
              : activeIndex - 1;
      setOpen(true);
      setActiveId(items[next].id);
    } else if (e.key === 'Enter' && active) {
      e.preventDefault();
      go(active);
    } else if (e.key === 'Escape' && (expanded || notice)) {
      // Only closes; a second Escape is the browser's (clears the search field).
      e.preventDefault();
      close();
    }
  }

  return (
    <form
      className="search-box"
      role="search"
      action="/search"
      method="get"
      onSubmit={() => {
        suggestions.cancel();
        close();
      }}
    >
      <label className="visually-hidden" htmlFor="search-query">
        {t.label}
      </label>
      <input
        ref={input}
        id="search-query"
        className="search-box__input"
        name="query"
        // A combobox is a text input (ARIA in HTML does not allow the role on type=search); without
        // JavaScript it stays the plain search field.
        type={enhanced ? 'text' : 'search'}
        enterKeyHint="search"
        defaultValue={query}
        placeholder={t.label}
        maxLength={100}
        autoComplete="off"
        autoFocus={autoFocus}
        role={enhanced ? 'combobox' : undefined}
        aria-autocomplete={enhanced ? 'list' : undefined}
        aria-expanded={enhanced ? expanded : undefined}
        aria-controls={enhanced ? LIST_ID : undefined}
        aria-activedescendant={active ? optionId(active) : undefined}
        onInput={(e) => {
          setOpen(true);
          setActiveId(null);
          suggestions.type(e.currentTarget.value);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      <button className="button" type="submit">
        {t.submit}
      </button>
      {/* Pressing on the list must not take focus from the input (that would close it first). */}
      <div className="search-box__panel" hidden={!expanded} onMouseDown={(e) => e.preventDefault()}>
        {state.corrected && (
          <p className="search-box__corrected">{t.correctedTo(state.corrected)}</p>
        )}
        <ul id={LIST_ID} className="search-box__list" role="listbox" aria-label={t.suggestions}>
          {items.map((card) => (
            <li
              key={card.id}
              id={optionId(card)}
              className="search-box__option"
              role="option"
              aria-selected={card === active}
              onClick={() => go(card)}
            >
              <img
                src={card.assets.poster}
                srcSet={card.assets.posterSrcset}
                sizes="40px"
                alt=""
                width={40}
                height={60}
                decoding="async"
              />
              <span className="search-box__text">
                <span className="search-box__name">{card.name}</span>
                <span className="search-box__meta">
                  {card.year} · {titleTypeLabels[card.type]} · {card.ageRating}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <p
        className={notice ? 'search-box__notice' : 'visually-hidden'}
        data-error={state.status === 'error' || undefined}
        aria-live="polite"
      >
        {message}
      </p>
    </form>
  );
}
