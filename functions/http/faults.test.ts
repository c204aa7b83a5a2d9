import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failingD1, type Outage } from '../db/test-failing-d1.ts';
import { changedTables, fingerprint } from '../db/test-fingerprint.ts';
import { Browser, recordMessages, signUp } from '../domains/auth/test-support.ts';
import { reconcilePending } from '../domains/billing/index.ts';
import { freshPaymentsState } from '../domains/billing/test-support.ts';
import { callWithEnv, callWithVars, eventually } from '../test-helpers.ts';

/**
 * Faults the API must survive: D1 out of reach (the real binding behind a switch, see
 * functions/db/test-failing-d1.ts), an acquirer that does not answer, a secret production was
 * deployed without. Each answers 503 with a Russian message and leaves the data whole.
 */

const RUSSIAN = /[А-Яа-яЁё]/;
const json = { 'content-type': 'application/json' };

/**
 * Off for the requests below: they are about the Worker's own reads. A guest read could otherwise
 * be answered from a copy that another test file left in the edge cache, which files that share a
 * worker share too (the Cache API outlives `reset()`), and is then a 200 whatever D1 does.
 */
const NO_EDGE_CACHE = { EDGE_CACHE: 'off' };

/** A request as `browser` sends it, with D1 failing as `outage` says. */
function withOutage(outage: Outage, b: Browser | null, path: string, init: RequestInit = {}) {
  const { db, state } = failingD1(env.DB, outage);
  const headers = new Headers(init.headers);
  if (b) {
    headers.set('cookie', b.header());
    headers.set('cf-connecting-ip', b.ip);
  }
  return {
    state,
    res: callWithEnv({ DB: db, ...NO_EDGE_CACHE }, path, { redirect: 'manual', ...init, headers }),
  };
}

async function expect503(res: Response, reason: string, what: string) {
  const text = await res.text();
  expect(res.status, `${what}: ${text.slice(0, 200)}`).toBe(503);
  // The security middleware wraps the error path too.
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  const body = JSON.parse(text);
  expect(body.message, what).toMatch(RUSSIAN);
  expect(body.details.reason, what).toBe(reason);
}

let n = 0;
beforeEach(async () => {
  await freshPaymentsState();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('with D1 out of reach', () => {
  it('answers 503 in Russian to reads and writes, guest and signed in', async () => {
    const viewer = new Browser();
    await signUp(viewer, recordMessages(), `faults${++n}@example.com`);
    const requests: [Browser | null, string, RequestInit?][] = [
      [null, '/cms/products/'],
      [null, '/cms/content/movies/?sort=new'],
      [null, '/cms/search/?query=город'],
      [null, '/billing/tariffs'],
      [
        null,
        '/auth/email/sign_in/',
        { method: 'POST', headers: json, body: '{"email":"a@b.ru","password":"12345678"}' },
      ],
      [
        null,
        '/api/support/requests',
        {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            subject: 'other',
            message: 'Не работает ничего вообще',
            email: 'a@b.ru',
          }),
        },
      ],
      [viewer, '/auth/account/'],
      [viewer, '/auth/users/'],
      [viewer, '/favourites/2', { method: 'POST' }],
      [
        viewer,
        '/billing/checkout',
        {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            tariffId: 1,
            priceId: 1,
            method: 'bank_card',
            recurringConsent: false,
            clientKey: 'down-0001',
          }),
        },
      ],
    ];
    const before = await fingerprint();
    for (const [b, path, init] of requests)
      await expect503(
        await withOutage({ all: true }, b, path, init).res,
        'storage_unavailable',
        path,
      );
    expect(changedTables(before, await fingerprint())).toEqual([]);
  });

  it('writes nothing partial: a request cut off at any of its writes leaves no trace, and the retry succeeds', async () => {
    const messages = recordMessages();
    const b = new Browser();
    const email = `partial${++n}@example.com`;
    await b.post('/auth/email/sign_up/', { email, password: 'correct horse 1' });
    // An order is stored before the acquirer is asked (no batch spans another company's API), so a
    // checkout cut after that leaves the order pending with no payment: the state the retry and the
    // reconcile sweep finish from (same Idempotence-Key), and the acquirer's own records (its
    // payment and the receipt sent with it).
    const pendingOrder = ['orders', 'sandbox_payments', 'sandbox_receipts'];
    const journeys: [string, () => RequestInit, (res: Response) => void, string[]?][] = [
      [
        '/auth/email/sign_up/',
        () => ({
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            email,
            password: 'correct horse 1',
            code: messages.lastCode(email),
          }),
        }),
        (res) => expect(res.status).toBe(201),
      ],
      [
        '/auth/users/',
        () => ({
          method: 'POST',
          headers: json,
          body: JSON.stringify({ name: 'Маша', isKid: true, ageLimit: 6 }),
        }),
        (res) => expect(res.status).toBe(201),
      ],
      [
        '/billing/checkout',
        () => ({
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            tariffId: 1,
            priceId: 1,
            method: 'bank_card',
            recurringConsent: false,
            clientKey: 'partial-0001',
          }),
        }),
        (res) => expect(res.status).toBe(200),
        pendingOrder,
      ],
    ];
    for (const [path, init, succeeded, allowed = []] of journeys) {
      for (let write = 1; ; write++) {
        expect(write, `${path} makes fewer than 20 writes`).toBeLessThan(20);
        const before = await fingerprint();
        const { res: pending, state } = withOutage({ fromWrite: write }, b, path, init());
        const res = b.remember(await pending);
        // Every write went through, or the one cut was best-effort (a record for the marketing
        // tool): the request is done.
        if (state.writes < write || res.status !== 503) {
          succeeded(res);
          break;
        }
        await expect503(res, 'storage_unavailable', `${path} cut at write ${write}`);
        const changed = changedTables(before, await fingerprint());
        expect(
          changed.filter((t) => !allowed.includes(t)),
          `${path} cut at write ${write}`,
        ).toEqual([]);
      }
    }
  });
});

describe('an acquirer that does not answer', () => {
  it('leaves the order pending, answers 503 in Russian, and the reconcile sweep recovers the payment', async () => {
    const b = new Browser();
    await signUp(b, recordMessages(), `slow${++n}@example.com`);
    // The sandbox answers after 1.5 s; the Worker waits 0.2 s.
    const slow = {
      PAYMENT_SANDBOX_STALL_MS: '1500',
      PAYMENT_TIMEOUT_MS: '200',
      PAYMENT_SANDBOX_NOTIFY_MS: 'off',
    };
    // Both waits are on the fake clock, which moves only when the test moves it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const started = Date.now();
    const answer = callWithVars(slow, '/billing/checkout', {
      method: 'POST',
      headers: { ...json, cookie: b.header(), 'cf-connecting-ip': b.ip },
      body: JSON.stringify({
        tariffId: 1,
        priceId: 1,
        method: 'bank_card',
        recurringConsent: false,
        clientKey: 'slow-0001',
      }),
    });
    // The Worker waits for the acquirer's answer, which the sandbox holds back.
    await eventually('the Worker waiting on the stalled sandbox', () => vi.getTimerCount() === 2);
    await vi.advanceTimersByTimeAsync(200);
    const res = await answer;
    expect(Date.now() - started).toBeLessThan(1500);
    await expect503(res, 'provider_unavailable', 'checkout');
    const order = await env.DB.prepare(
      'SELECT id, status, provider_payment_id AS paymentId FROM orders WHERE client_key = ?',
    )
      .bind('slow-0001')
      .first<{ id: string; status: string; paymentId: string | null }>();
    expect(order).toMatchObject({ status: 'pending', paymentId: null });
    // The acquirer did make the payment, late; the sweep finds it under the order's key.
    await vi.advanceTimersByTimeAsync(1300);
    await eventually('the late payment at the acquirer', async () => {
      const made = await env.DB.prepare('SELECT count(*) AS n FROM sandbox_payments').first<{
        n: number;
      }>();
      return made?.n === 1;
    });
    await reconcilePending(Math.floor(Date.now() / 1000) + 600);
    const after = await env.DB.prepare(
      'SELECT status, provider_payment_id AS paymentId, confirmation_url AS url FROM orders WHERE id = ?',
    )
      .bind(order!.id)
      .first<{ status: string; paymentId: string | null; url: string | null }>();
    expect(after?.paymentId).toBeTruthy();
    expect(after?.status).toBe('pending');
    const made = await env.DB.prepare('SELECT count(*) AS n FROM sandbox_payments').first<{
      n: number;
    }>();
    expect(made?.n).toBe(1);
    // The viewer can pay it: the order's page leads to the acquirer's confirmation.
    const page = await b.fetch(`/billing/orders/${order!.id}/`);
    expect(page.status).toBe(200);
    expect(((await page.json()) as any).confirmation?.url).toBe(after?.url);
  });
});

describe('a saved-card purchase the acquirer did not answer', () => {
  it('is not charged by the sweep behind the viewer’s back: it waits for the acquirer’s own word', async () => {
    const b = new Browser();
    await signUp(b, recordMessages(), `saved${++n}@example.com`);
    const account = await env.DB.prepare('SELECT id FROM accounts WHERE email = ?')
      .bind(`saved${n}@example.com`)
      .first<{ id: number }>();
    const now = Math.floor(Date.now() / 1000);
    // What a checkout with a saved card leaves when the acquirer never answered its request.
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO payment_methods (account_id, provider, provider_method_id, kind, title, card_last4, created_at)
         VALUES (?1, 'sandbox', ?2, 'bank_card', 'Visa •••• 4242', '4242', ?3)`,
      ).bind(account!.id, `pm-saved-${n}`, now),
      env.DB.prepare(
        `INSERT INTO orders (id, account_id, kind, tariff_id, price_id, amount, method, payment_method_id,
           provider, client_key, created_at, updated_at)
         VALUES (?1, ?2, 'purchase', 1, 1, 59900, 'saved',
           (SELECT id FROM payment_methods WHERE provider_method_id = ?3), 'sandbox', ?1, ?4, ?4)`,
      ).bind(`saved-order-${n}`, account!.id, `pm-saved-${n}`, now - 120),
    ]);
    await reconcilePending(now + 600);
    const order = await env.DB.prepare(
      'SELECT status, provider_payment_id AS paymentId FROM orders WHERE id = ?',
    )
      .bind(`saved-order-${n}`)
      .first<{ status: string; paymentId: string | null }>();
    expect(order).toEqual({ status: 'pending', paymentId: null });
    const made = await env.DB.prepare(
      'SELECT count(*) AS n FROM sandbox_payments WHERE idempotence_key = ?',
    )
      .bind(`saved-order-${n}`)
      .first<{ n: number }>();
    expect(made?.n).toBe(0);
  });
});

describe('a secret production was deployed without', () => {
  const production = {
    ENVIRONMENT: 'production',
    DEV_ROUTES: 'false',
    SITE_ORIGIN: 'https://example.test',
  };

  it('answers 503 not_configured in Russian when the session key is missing, not a 500', async () => {
    const b = new Browser();
    await signUp(b, recordMessages(), `nosecret${++n}@example.com`);
    for (const [path, init] of [
      ['/auth/account/', { headers: { cookie: b.header() } }],
      [
        '/auth/email/sign_in/',
        {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email: `nosecret${n}@example.com`, password: 'correct horse 1' }),
        },
      ],
    ] as [string, RequestInit][])
      await expect503(
        await callWithVars({ ...production, JWT_SECRET: '' }, path, init),
        'not_configured',
        path,
      );
  });

  it('answers 503 not_configured when the acquirer key is missing, before any order is stored', async () => {
    const b = new Browser();
    await signUp(b, recordMessages(), `nokey${++n}@example.com`);
    const res = await callWithVars(
      { ...production, YOOKASSA_SHOP_ID: '1', YOOKASSA_SECRET_KEY: '' },
      '/billing/checkout',
      {
        method: 'POST',
        headers: { ...json, cookie: b.header(), 'cf-connecting-ip': b.ip },
        body: JSON.stringify({
          tariffId: 1,
          priceId: 1,
          method: 'bank_card',
          recurringConsent: false,
          clientKey: 'nokey-0001',
        }),
      },
    );
    await expect503(res, 'not_configured', 'checkout');
    const orders = await env.DB.prepare('SELECT count(*) AS n FROM orders').first<{ n: number }>();
    expect(orders?.n).toBe(0);
  });
});

describe('a page while D1 is out of reach', () => {
  it('answers the «Сервис недоступен» page, not the API’s JSON, when renewing a session needs D1', async () => {
    const viewer = new Browser();
    await signUp(viewer, recordMessages(), `faults${++n}@example.com`);
    // Back after the access token expired: only the session cookie, so the token is renewed
    // (one D1 statement) before any page is rendered.
    viewer.cookies.delete('token');
    const { res } = withOutage({ all: true }, viewer, '/settings');
    const page = await res;
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('retry-after')).toBe('30');
    expect(page.headers.getSetCookie()).toEqual([]);
    const html = await page.text();
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('<h1>Сервис недоступен. Попробуйте позже</h1>');
  });

  it('takes the development outage switch only where dev routes are on, never in production', async () => {
    const outage = { headers: { 'x-dev-d1-outage': 'all' } };
    // The edge cache off: every answer below comes from D1 or from the switch.
    const path = '/billing/tariffs';
    await expect503(
      await callWithVars({ ...NO_EDGE_CACHE, DEV_ROUTES: 'true' }, path, outage),
      'storage_unavailable',
      'dev',
    );
    expect(
      (await callWithVars({ ...NO_EDGE_CACHE, DEV_ROUTES: 'false' }, path, outage)).status,
    ).toBe(200);
    const production = { ...NO_EDGE_CACHE, ENVIRONMENT: 'production', DEV_ROUTES: 'true' };
    expect((await callWithVars(production, path, outage)).status).toBe(200);
  });
});
