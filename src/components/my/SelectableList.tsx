import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useState } from 'react';
import { type ListPage, pageHref, type SelectableList } from '../../stores/selectable-list.ts';
import ErrorDialog from './ErrorDialog.tsx';
import { myPageTexts as t } from './texts.ts';

/**
 * The list's state for rendering: the server's first page until the island has hydrated (so the
 * server's HTML and the first client render agree), then the store, which it fills once.
 */
export function useSelectableList<Item, Key extends string | number>(
  list: SelectableList<Item, Key>,
  page: ListPage<Item>,
) {
  const stored = useStore(list.$list);
  const [ready, setReady] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount, from the server's props
  useEffect(() => {
    list.init(page);
    setReady(true);
  }, []);
  const s = ready ? stored : list.stateOf(page);
  const chosen = list.checkedKeys(s).length;
  return {
    s,
    ready,
    editing: s.mode === 'EDIT',
    chosen,
    all: s.itemsIds.length > 0 && chosen === s.itemsIds.length,
  };
}

type ListView<Item, Key extends string | number> = ReturnType<typeof useSelectableList<Item, Key>>;

/**
 * The toolbar over a list: its count, «Редактировать» (and `viewActions`, such as clearing) in
 * VIEW once hydrated, then select all, remove the chosen and cancel in EDIT.
 */
export function ListToolbar<Item, Key extends string | number>({
  list,
  view,
  count,
  remove,
  viewActions,
}: {
  list: SelectableList<Item, Key>;
  view: ListView<Item, Key>;
  count: string;
  remove: () => void;
  viewActions?: ReactNode;
}) {
  const { s, ready, editing, chosen, all } = view;
  return (
    <div className="my-toolbar">
      <p className="my-toolbar__count" aria-live="polite">
        {count}
      </p>
      {ready && list.canEdit(s) && (
        <>
          <button type="button" className="button button--ghost" onClick={list.startEdit}>
            {t.edit}
          </button>
          {viewActions}
        </>
      )}
      {editing && (
        <>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => list.selectAll(!all)}
          >
            {all ? t.unselectAll : t.selectAll}
          </button>
          <button
            type="button"
            className="button"
            disabled={chosen === 0 || s.isWorking}
            onClick={remove}
          >
            {t.remove(chosen)}
          </button>
          <button type="button" className="button button--ghost" onClick={list.stopEdit}>
            {t.cancel}
          </button>
        </>
      )}
    </div>
  );
}

/**
 * «Показать ещё» as the page's own link to its next page (crawlable, and working before the
 * island hydrates), which once hydrated appends in place; then the 'Ошибка' dialog of a failed
 * removal.
 */
export function ListFooter<Item, Key extends string | number>({
  list,
  view,
  path,
}: {
  list: SelectableList<Item, Key>;
  view: ListView<Item, Key>;
  path: string;
}) {
  const { s, ready } = view;
  const moreHref = pageHref(path, s.next);
  return (
    <>
      {moreHref && (
        <p className="my-more">
          <a
            className="button button--ghost"
            href={moreHref}
            rel="next"
            onClick={(e) => {
              if (!ready) return;
              e.preventDefault();
              void list.loadMore();
            }}
          >
            {t.more}
          </a>
        </p>
      )}
      {s.failed && <ErrorDialog onClose={list.closeError} />}
    </>
  );
}
