/**
 * The event manager's client (README, «Event manager»): reports a user event and does what the
 * first answered event says — open a paywall, the default paywall, a poll or the free-days offer,
 * or only store a state value for the payment pages. No framework: a few hundred bytes on the
 * pages where events happen. A status other than 200 shows nothing: it sets `em_request_failed`
 * and logs 'event-manager request failed'.
 */
import {
  DEFAULT_PAYWALL_PATH,
  EM_EVENTS_PATH,
  EM_EXPERIMENT_COOKIE,
  EM_REQUEST_FAILED,
  EM_STATE,
  EM_STATE_EVENTS,
  EM_STORAGE,
} from '../../functions/shared/event-manager.ts';

interface EmEvent {
  type: string;
  properties?: Record<string, unknown>;
}

interface EmBody {
  events?: EmEvent[];
  experiment?: string;
}

/** What a report did: whether the page is going elsewhere, and the first event's type. */
export interface EmResult {
  redirected: boolean;
  type: string | null;
}

const MONTH = 2_592_000;
const EM_FORCED = 'em_experiment_forced';

function store(key: string, value: string) {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the flow still works, it only forgets.
  }
}
function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
function setCookie(name: string, value: string) {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${MONTH}; samesite=lax`;
}
const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1) ?? null;

function go(path: string, type: string): boolean {
  store(EM_STORAGE.redirected, type);
  location.assign(path);
  return true;
}

async function act(event: EmEvent): Promise<boolean> {
  const p = event.properties ?? {};
  switch (event.type) {
    case 'OpenPaywall': {
      const slug = typeof p.paywallSlug === 'string' ? p.paywallSlug : 'default';
      const params = new URLSearchParams(
        Object.entries((p.paywallParams as Record<string, unknown>) ?? {}).map(([k, v]) => [
          k,
          String(v),
        ]),
      );
      store(EM_STORAGE.offer, JSON.stringify(p));
      // The paywall page reads the stored offer (its button text); the step before going is
      // asynchronous so a click handler that reported the event finishes first.
      await Promise.resolve();
      const query = params.toString();
      return go(`/paywall/${encodeURIComponent(slug)}${query ? `?${query}` : ''}`, event.type);
    }
    case 'OpenDefaultPaywall':
      return go(DEFAULT_PAYWALL_PATH, event.type);
    case 'ShowWhyNotSubscribingPoll': {
      const slug = (p.poll as { slug?: string } | undefined)?.slug ?? 'why-not-subscribing';
      store(EM_STORAGE.poll, JSON.stringify(p.poll ?? { slug }));
      store(EM_STORAGE.submitEvent, String(p.submitEvent ?? ''));
      const s = encodeURIComponent(slug);
      return go(`/poll/${s}?poll_slug=${s}`, event.type);
    }
    case 'ShowFreeDaysOffer':
      store(EM_STORAGE.freeDaysOffer, JSON.stringify(p.offer ?? p));
      store(EM_STORAGE.freeDaysFlag, '1');
      return go('/free-access', event.type);
    default:
      // The state group: remembered for the payment pages; no event clears it.
      if ((EM_STATE_EVENTS as readonly string[]).includes(event.type)) {
        store(EM_STATE, event.type);
        setCookie(EM_STATE, event.type);
      }
      return false;
  }
}

/**
 * Reports one user event and acts on the answer's first event.
 * @example const { redirected } = await sendEvent('closed_promo_paywall', { paywallSlug: 'new-user' })
 */
export async function sendEvent(
  eventType: string,
  fields: Record<string, unknown> = {},
): Promise<EmResult> {
  let status = 0;
  let body = null as EmBody | null;
  try {
    const res = await fetch(EM_EVENTS_PATH, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        ...fields,
        ...(read(EM_FORCED) ? { em_experiment: read(EM_FORCED) } : {}),
        eventType,
      }),
    });
    status = res.status;
    body = (await res.json().catch(() => null)) as EmBody | null;
  } catch {
    status = 0;
  }
  store(EM_STORAGE.response, JSON.stringify(body));
  store(EM_STORAGE.status, String(status));
  if (read(EM_STORAGE.initialized) !== '1') {
    // Once per session, after the first call: pages that wait for the event manager go on.
    store(EM_STORAGE.initialized, '1');
    dispatchEvent(new CustomEvent('em:initialized', { detail: { status } }));
  }
  if (status !== 200) {
    store(EM_REQUEST_FAILED, '1');
    setCookie(EM_REQUEST_FAILED, '1');
    console.error('event-manager request failed');
    return { redirected: false, type: null };
  }
  if (body?.experiment) store(EM_EXPERIMENT_COOKIE, body.experiment);
  const first = body?.events?.[0];
  if (!first) return { redirected: false, type: null };
  return { redirected: await act(first), type: first.type };
}

/**
 * A page's reports: `opened_app` once per session, `logged_in`/`signed_up` when an account
 * appeared since the last page, then the page's own event. Elements with `data-em-event` report
 * theirs when clicked and follow their link only when the answer did not lead elsewhere.
 */
export async function startEventManager(
  pageEvent: string | undefined,
  fields: Record<string, unknown> = {},
) {
  // `?em_experiment=steps:three_step` tries a variant out for the rest of the session.
  const forced = new URLSearchParams(location.search).get(EM_EXPERIMENT_COOKIE);
  if (forced) store(EM_FORCED, forced);
  document.addEventListener('click', async (e) => {
    const el = (e.target as Element | null)?.closest<HTMLElement>('[data-em-event]');
    if (!el?.dataset.emEvent || e.defaultPrevented) return;
    e.preventDefault();
    const { redirected } = await sendEvent(el.dataset.emEvent);
    const href = el.getAttribute('href');
    if (!redirected && href) location.assign(href);
  });
  const queue: [string, Record<string, unknown>][] = [];
  if (read(EM_STORAGE.openedApp) !== '1') {
    store(EM_STORAGE.openedApp, '1');
    queue.push(['opened_app', {}]);
  }
  const account = cookie('account_id') ?? '';
  const known = read(EM_STORAGE.account);
  if (account && known !== null && known !== account)
    queue.push([read('isRegistrationFlow') ? 'signed_up' : 'logged_in', {}]);
  store(EM_STORAGE.account, account);
  if (pageEvent) queue.push([pageEvent, fields]);
  for (const [eventType, with_] of queue)
    if ((await sendEvent(eventType, with_)).redirected) return;
}
