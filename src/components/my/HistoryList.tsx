import {
  clearAll,
  type HistoryEntry,
  type HistoryPage,
  historyList,
  removeChecked,
  selectDate,
  toggleItem,
} from '../../stores/history.ts';
import { groupByDay } from './history-dates.ts';
import { ListFooter, ListToolbar, useSelectableList } from './SelectableList.tsx';
import { myPageTexts as t } from './texts.ts';
import './my.css';

interface Props {
  page: HistoryPage;
  /** The page's path: «Показать ещё» links to its next page. */
  path: string;
  /**
   * The moment (ms) the page was rendered as of (the request's clock): days are headed «Сегодня»
   * and «Вчера» from it, so the server's HTML and the hydrated list agree.
   */
  now: number;
}

function HistoryRow({
  item,
  editing,
  onToggle,
}: {
  item: HistoryEntry;
  editing: boolean;
  onToggle: () => void;
}) {
  const percent = Math.min(100, Math.round((item.position / item.duration) * 100));
  const body = (
    <>
      <img
        className="my-row__art"
        src={item.content.assets.background}
        srcSet={item.content.assets.backgroundSrcset}
        sizes="160px"
        alt=""
        width={160}
        height={90}
        loading="lazy"
        decoding="async"
      />
      <span className="my-row__text">
        <span className="my-row__name">{item.content.name}</span>
        {item.episode && (
          <span className="my-row__episode">
            {t.episode(item.episode.season, item.episode.number)}
            {item.episode.name && ` · ${item.episode.name}`}
          </span>
        )}
        <span className="my-row__progress">
          <span className="my-row__bar" style={{ width: `${item.completed ? 100 : percent}%` }} />
          <span className="visually-hidden">{t.watched(item.completed ? 100 : percent)}</span>
        </span>
      </span>
    </>
  );
  const label = item.episode
    ? `${item.content.name}, ${t.episode(item.episode.season, item.episode.number)}`
    : item.content.name;
  return editing ? (
    <label className={`my-row${item.checked ? ' my-row--checked' : ''}`}>
      <input
        className="my-row__check"
        type="checkbox"
        checked={item.checked}
        onChange={onToggle}
        aria-label={t.select(label)}
      />
      {body}
    </label>
  ) : (
    <a className="my-row" href={item.url}>
      {body}
    </a>
  );
}

/**
 * /my/history: the history grouped by date with VIEW/EDIT, select all, select a date, toggle one,
 * remove, and «Очистить историю» (docs/product.md, «How things change»).
 */
export default function HistoryList({ page, path, now }: Props) {
  const view = useSelectableList(historyList, page);
  const { s, editing } = view;
  const groups = groupByDay(
    s.itemsIds.map((k) => ({ ...s.items[k]!, key: k })),
    new Date(now),
  );

  return (
    <div className="my-list" aria-busy={s.isWorking}>
      <ListToolbar
        list={historyList}
        view={view}
        count={t.historyCount(s.count)}
        remove={() => void removeChecked()}
        viewActions={
          <button
            type="button"
            className="button button--ghost"
            disabled={s.isWorking}
            onClick={() => void clearAll()}
          >
            {t.clear}
          </button>
        }
      />
      {groups.length > 0 ? (
        groups.map((group) => {
          const dayChecked = group.items.every((i) => i.checked);
          return (
            <section className="my-day" key={group.day} aria-labelledby={`day-${group.day}`}>
              <div className="my-day__head">
                <h2 id={`day-${group.day}`}>{group.heading}</h2>
                {editing && (
                  <label className="my-day__select">
                    <input
                      type="checkbox"
                      checked={dayChecked}
                      onChange={() => selectDate(group.day, !dayChecked)}
                    />
                    {t.selectDate(group.heading)}
                  </label>
                )}
              </div>
              <ul className="my-rows">
                {group.items.map((item) => (
                  <li key={item.key}>
                    <HistoryRow
                      item={item}
                      editing={editing}
                      onToggle={() => toggleItem(item.key)}
                    />
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      ) : (
        <p className="my-empty">{t.historyEmpty}</p>
      )}
      <ListFooter list={historyList} view={view} path={path} />
    </div>
  );
}
