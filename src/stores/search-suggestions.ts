import { type MapStore, map } from 'nanostores';
import type { TitleCard } from '../../functions/domains/catalogue/index.ts';
import type { Paged } from '../../functions/lib/index.ts';
import { type ApiClient, api, errorMessage } from '../lib/api-client.ts';
import { debounce } from '../lib/debounce.ts';

/** Fewer characters than this ask nothing: one letter matches half the catalogue. */
const SUGGEST_MIN_CHARS = 2;
/** Pause in typing before asking; short enough to feel live, long enough to skip most keystrokes. */
const SUGGEST_DEBOUNCE_MS = 300;
/** Suggestions shown under the search box; the rest are on the results page. */
export const SUGGEST_PAGE_SIZE = 8;

interface SuggestionsState {
  /** The query last asked; '' before anything was. While it loads, the items are the previous query's. */
  query: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: TitleCard[];
  /** How many titles match in all, of which `items` are the first. */
  count: number;
  /** The words searched instead when those typed found nothing (another spelling or keyboard layout). */
  corrected: string | null;
  /** The server's message (docs/product.md, «When things go wrong») when the last call failed. */
  error: string | null;
}

const idle: SuggestionsState = {
  query: '',
  status: 'idle',
  items: [],
  count: 0,
  corrected: null,
  error: null,
};

interface Suggestions {
  $state: MapStore<SuggestionsState>;
  /** Takes what is in the search box now; asks the API once typing pauses. */
  type(text: string): void;
  /** Drops a pending or running request (on unmount, or when the form is submitted). */
  cancel(): void;
}

/**
 * The as-you-type search of /search: debounced, at least two characters, stale requests aborted
 * and late answers to older queries ignored, so the list always belongs to the latest query.
 * @example
 * const s = createSuggestions(api);
 * s.type('тих'); // 300 ms later: GET /cms/search/?query=тих&page_size=8
 */
export function createSuggestions(
  client: Pick<ApiClient, 'get'>,
  ms = SUGGEST_DEBOUNCE_MS,
): Suggestions {
  const $state = map<SuggestionsState>({ ...idle });
  let controller: AbortController | undefined;
  // Each request gets a number; only the latest one may write the state.
  let latest = 0;

  const stop = () => {
    ask.cancel();
    controller?.abort();
    controller = undefined;
    latest++;
  };

  const ask = debounce(async (query: string) => {
    controller?.abort();
    const own = new AbortController();
    controller = own;
    const ticket = ++latest;
    $state.set({ ...$state.get(), query, status: 'loading' });
    const result = await client.get<Paged<TitleCard> & { corrected_query?: string | null }>(
      '/cms/search/',
      {
        params: { query, page_size: SUGGEST_PAGE_SIZE },
        signal: own.signal,
      },
    );
    if (ticket !== latest) return;
    controller = undefined;
    if (result.data && !result.error) {
      $state.set({
        query,
        status: 'ready',
        items: result.data.results,
        count: result.data.count,
        corrected: result.data.corrected_query ?? null,
        error: null,
      });
    } else if (result.error || result.status > 0) {
      $state.set({ ...idle, query, status: 'error', error: errorMessage(result) });
    } else {
      // Static mode skips the call (docs/product.md, «How the site talks to the API»): no suggestions, and nothing to report.
      $state.set({ ...idle });
    }
  }, ms);

  return {
    $state,
    type(text) {
      const query = text.trim();
      const now = $state.get();
      if (query.length < SUGGEST_MIN_CHARS) {
        stop();
        if (now.status !== 'idle') $state.set({ ...idle });
        return;
      }
      // The same words again (a space typed, a key that changes nothing): keep what is there.
      if (query === now.query && (now.status === 'loading' || now.status === 'ready')) {
        ask.cancel();
        return;
      }
      ask(query);
    },
    cancel: stop,
  };
}

/** The suggestions of the search box on /search. */
export const searchSuggestions = /* @__PURE__ */ createSuggestions(api);
