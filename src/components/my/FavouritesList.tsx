import {
  type FavouritesPage,
  favouritesList,
  removeChecked,
  removeOne,
  toggleItem,
} from '../../stores/favourites.ts';
import PosterCard from './PosterCard.tsx';
import { ListFooter, ListToolbar, useSelectableList } from './SelectableList.tsx';
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
  const view = useSelectableList(favouritesList, page);
  const { s, editing } = view;
  return (
    <div className="my-list" aria-busy={s.isWorking}>
      <ListToolbar
        list={favouritesList}
        view={view}
        count={t.favouritesCount(s.count)}
        remove={() => void removeChecked()}
      />
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
      <ListFooter list={favouritesList} view={view} path={path} />
    </div>
  );
}
