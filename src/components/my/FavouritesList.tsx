import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  $favourites,
  canEdit,
  checkedIds,
  closeError,
  type FavouritesPage,
  initFavourites,
  loadMore,
  removeChecked,
  removeOne,
  selectAll,
  startEdit,
  stopEdit,
  toggleItem,
} from '../../stores/favourites.ts';
import { pageHref } from '../../stores/selectable-list.ts';
import ErrorDialog from './ErrorDialog.tsx';
import PosterCard from './PosterCard.tsx';
import { myPageTexts as t } from './texts.ts';
import './my.css';

interface Props {
  page: FavouritesPage;
  /** The page's path: «Показать ещё» links to its next page (without JavaScript, and for crawlers). */
  path: string;
}

/**
 * /my/favorite: the favourites grid with VIEW/EDIT (docs/product.md, «How things change»). The
 * server renders the grid from the props; once hydrated the store ($favourites) takes over.
 */

/**
 * Removes one favourite from its card's heart; focus, which the removed heart held, goes to the
 * next card's link (the previous one at the end, the list's first button when none is left).
 */
async function removeAndKeepFocus(id: number, heart: HTMLElement) {
  const item = heart.closest('li');
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
  if (!(await removeOne(id))) return;
  const target =
    neighbour?.querySelector<HTMLElement>('.my-card__link') ??
    document.querySelector<HTMLElement>('.my-toolbar button, main h1');
  target?.focus();
}

export default function FavouritesList({ page, path }: Props) {
  const stored = useStore($favourites);
  const [ready, setReady] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount, from the server's props
  useEffect(() => {
    initFavourites(page);
    setReady(true);
  }, []);
  const s = ready
    ? stored
    : {
        ...stored,
        mode: 'VIEW' as const,
        count: page.count,
        next: page.next,
        itemsIds: page.results.map((r) => r.id),
        items: Object.fromEntries(page.results.map((r) => [r.id, { ...r, checked: false }])),
      };
  const editing = s.mode === 'EDIT';
  const chosen = checkedIds(s).length;
  const all = s.itemsIds.length > 0 && chosen === s.itemsIds.length;
  const moreHref = pageHref(path, s.next);

  return (
    <div className="my-list" aria-busy={s.isWorking}>
      <div className="my-toolbar">
        <p className="my-toolbar__count" aria-live="polite">
          {t.favouritesCount(s.count)}
        </p>
        {ready && canEdit(s) && (
          <button type="button" className="button button--ghost" onClick={startEdit}>
            {t.edit}
          </button>
        )}
        {editing && (
          <>
            <button type="button" className="button button--ghost" onClick={() => selectAll(!all)}>
              {all ? t.unselectAll : t.selectAll}
            </button>
            <button
              type="button"
              className="button"
              disabled={chosen === 0 || s.isWorking}
              onClick={() => void removeChecked()}
            >
              {t.remove(chosen)}
            </button>
            <button type="button" className="button button--ghost" onClick={stopEdit}>
              {t.cancel}
            </button>
          </>
        )}
      </div>
      {s.itemsIds.length > 0 ? (
        <ul className="my-grid">
          {s.itemsIds.map((id, i) => {
            const item = s.items[id]!;
            return (
              <li key={id}>
                <PosterCard
                  card={item}
                  selectable={editing}
                  checked={item.checked}
                  onToggle={() => toggleItem(id)}
                  onRemove={(heart) => void removeAndKeepFocus(id, heart)}
                  eager={i < 6}
                />
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="my-empty">{t.favouritesEmpty}</p>
      )}
      {moreHref && (
        <p className="my-more">
          <a
            className="button button--ghost"
            href={moreHref}
            rel="next"
            onClick={(e) => {
              if (!ready) return;
              e.preventDefault();
              void loadMore();
            }}
          >
            {t.more}
          </a>
        </p>
      )}
      {s.failed && <ErrorDialog onClose={closeError} />}
    </div>
  );
}
