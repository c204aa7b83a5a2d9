import { exports } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalogueFixture } from '../../functions/domains/catalogue/test-fixtures.ts';
import { eventually } from '../../functions/test-helpers.ts';
import {
  type ApiClient,
  type ApiResult,
  createApiClient,
  type RequestOptions,
} from '../lib/api-client.ts';
import { DEFAULT_APP_CONFIG } from '../lib/app-config.ts';
import { createSuggestions, SUGGEST_PAGE_SIZE } from './search-suggestions.ts';

const MS = 20;
/** Time passes on the fake clock: `ms` of it, every timer due within them run in order. */
const sleep = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const pause = () => sleep(MS * 3);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

interface Call {
  path: string;
  options: RequestOptions;
  answer(result: Partial<ApiResult>): void;
}

/** An API client whose answers the test gives, one call at a time and in any order. */
function fakeClient() {
  const calls: Call[] = [];
  const client: Pick<ApiClient, 'get'> = {
    get: <T>(path: string, options: RequestOptions = {}) =>
      new Promise<ApiResult<T>>((resolve) => {
        const base: ApiResult = {
          data: null,
          status: 200,
          statusText: 'OK',
          url: path,
          error: null,
          headers: new Headers(),
        };
        calls.push({
          path,
          options,
          answer: (result) => resolve({ ...base, ...result } as ApiResult<T>),
        });
      }),
  };
  return { client, calls };
}

const page = (...names: string[]) => ({
  data: {
    count: names.length,
    next: null,
    previous: null,
    results: names.map((name, id) => ({ id, name })),
  },
});

describe('search suggestions', () => {
  it('asks once typing pauses, and only from two characters', async () => {
    const { client, calls } = fakeClient();
    const s = createSuggestions(client, MS);
    s.type('т');
    await pause();
    expect(calls).toHaveLength(0);
    s.type('ти');
    s.type('тих ');
    await pause();
    expect(calls.map((c) => [c.path, c.options.params])).toEqual([
      ['/cms/search/', { query: 'тих', page_size: SUGGEST_PAGE_SIZE }],
    ]);
    expect(s.$state.get()).toMatchObject({ query: 'тих', status: 'loading' });
    calls[0]!.answer(page('Тихий город'));
    await sleep(0);
    expect(s.$state.get()).toMatchObject({ query: 'тих', status: 'ready', count: 1, error: null });
    expect(s.$state.get().items.map((c) => c.name)).toEqual(['Тихий город']);
  });

  it('aborts the older request when a newer query is asked, and ignores its late answer', async () => {
    const { client, calls } = fakeClient();
    const s = createSuggestions(client, MS);
    s.type('ти');
    await pause();
    s.type('тих');
    await pause();
    expect(calls).toHaveLength(2);
    expect(calls[0]!.options.signal?.aborted).toBe(true);
    expect(calls[1]!.options.signal?.aborted).toBe(false);
    calls[1]!.answer(page('Тихий город'));
    calls[0]!.answer(page('Тихий город', 'Титаны'));
    await sleep(0);
    expect(s.$state.get()).toMatchObject({ query: 'тих', count: 1 });
  });

  it('keeps the list for the same words, and drops it (and any pending request) below two characters', async () => {
    const { client, calls } = fakeClient();
    const s = createSuggestions(client, MS);
    s.type('тих');
    await pause();
    calls[0]!.answer(page('Тихий город'));
    await sleep(0);
    s.type(' тих  ');
    await pause();
    expect(calls).toHaveLength(1);
    s.type('тихи');
    s.type('т');
    await pause();
    expect(calls).toHaveLength(1);
    expect(s.$state.get()).toEqual({
      query: '',
      status: 'idle',
      items: [],
      count: 0,
      corrected: null,
      error: null,
    });
  });

  it("shows the server's message on an error, and asks again for the same words after one", async () => {
    const { client, calls } = fakeClient();
    const s = createSuggestions(client, MS);
    s.type('тих');
    await pause();
    calls[0]!.answer({
      status: 422,
      error: { message: 'Слишком длинный запрос', details: { reason: 'invalid_query' } },
    });
    await sleep(0);
    expect(s.$state.get()).toMatchObject({
      status: 'error',
      items: [],
      error: 'Слишком длинный запрос',
    });
    s.type('тих');
    await pause();
    expect(calls).toHaveLength(2);
    calls[1]!.answer({ status: 0, error: new TypeError('Failed to fetch') });
    await sleep(0);
    expect(s.$state.get()).toMatchObject({
      status: 'error',
      error: 'Сервис недоступен. Попробуйте позже',
    });
  });

  it('shows nothing when static mode skips the call', async () => {
    const { client, calls } = fakeClient();
    const s = createSuggestions(client, MS);
    s.type('тих');
    await pause();
    calls[0]!.answer({ status: 0 });
    await sleep(0);
    expect(s.$state.get().status).toBe('idle');
  });

  it('never writes after cancel', async () => {
    const { client, calls } = fakeClient();
    const s = createSuggestions(client, MS);
    s.type('тих');
    await pause();
    s.cancel();
    expect(calls[0]!.options.signal?.aborted).toBe(true);
    calls[0]!.answer(page('Тихий город'));
    await sleep(0);
    expect(s.$state.get().items).toEqual([]);
  });
});

describe('search suggestions against the Worker', () => {
  beforeAll(loadCatalogueFixture);

  it('gets cards from /cms/search/ through the api client, ё and е alike', async () => {
    const client = createApiClient({
      config: () => DEFAULT_APP_CONFIG,
      fetch: (url, init) =>
        exports.default.fetch(new Request(new URL(url, 'http://localhost:8787'), init)),
      cookie: () => undefined,
      clearCookie: () => undefined,
      hostname: () => 'localhost',
      later: () => undefined,
      reload: () => undefined,
      log: () => undefined,
    });
    const s = createSuggestions(client, MS);
    for (const query of ['лисенок', 'лисёнок']) {
      s.type(query);
      // The pause in typing passes on the fake clock; the Worker's answer is real I/O.
      await sleep(MS);
      await eventually(
        `the suggestions for ${query}`,
        () => s.$state.get().query === query && s.$state.get().status === 'ready',
      );
      expect(s.$state.get(), query).toMatchObject({ query, status: 'ready', count: 1 });
      expect(s.$state.get().items[0]).toMatchObject({ id: 4, url: '/watch/4' });
    }
  });
});
