import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  $history,
  canEdit,
  checkedKeys,
  clearAll,
  closeError,
  type HistoryEntry,
  type HistoryPage,
  historyKey,
  initHistory,
  loadMore,
  removeChecked,
  selectAll,
  selectDate,
  startEdit,
  stopEdit,
  toggleItem,
} from '../../stores/history.ts';
import { pageHref } from '../../stores/selectable-list.ts';
import ErrorDialog from './ErrorDialog.tsx';
import { groupByDay } from './history-dates.ts';
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
  const stored = useStore($history);
  const [ready, setReady] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount, from the server's props
  useEffect(() => {
    initHistory(page);
    setReady(true);
  }, []);
  const s = ready
    ? stored
    : {
        ...stored,
        mode: 'VIEW' as const,
        count: page.count,
        next: page.next,
        itemsIds: page.results.map(historyKey),
        items: Object.fromEntries(
          page.results.map((r) => [historyKey(r), { ...r, checked: false }]),
        ),
      };
  const editing = s.mode === 'EDIT';
  const chosen = checkedKeys(s).length;
  const all = s.itemsIds.length > 0 && chosen === s.itemsIds.length;
  const groups = groupByDay(
    s.itemsIds.map((k) => ({ ...s.items[k]!, key: k })),
    new Date(now),
  );
  const moreHref = pageHref(path, s.next);

  return (
    <div className="my-list" aria-busy={s.isWorking}>
      <div className="my-toolbar">
        <p className="my-toolbar__count" aria-live="polite">
          {t.historyCount(s.count)}
        </p>
        {ready && canEdit(s) && (
          <>
            <button type="button" className="button button--ghost" onClick={startEdit}>
              {t.edit}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={s.isWorking}
              onClick={() => void clearAll()}
            >
              {t.clear}
            </button>
          </>
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
