import { exports } from 'cloudflare:workers';
import { sign } from 'hono/jwt';
import { parseHTML } from 'linkedom';
import { expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../functions/db/seed/demo.ts';

const ORIGIN = 'http://localhost:8787';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The development signing key of wrangler.toml's [vars], which the built Worker runs with here. */
const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me';

/** A page as a browser received it: status, headers, the HTML and its parsed document. */
export interface Page {
  response: Response;
  status: number;
  headers: Headers;
  html: string;
  document: Document;
}

let nextIp = 1;
/** An address of its own per visitor, so no file spends another's per-address allowances. */
const freshIp = () => `198.18.${Math.floor(nextIp / 250) % 250}.${(nextIp++ % 250) + 1}`;

/**
 * A browser without a browser: it sends requests to the built Worker as Chromium would (cookies
 * kept from `Set-Cookie`, `Origin` on writes, its country in `CF-IPCountry`), follows no
 * redirects on its own, and parses the HTML it gets.
 * @example const page = await new Visitor({ country: 'DE' }).open('/kids'); page.status // 403
 */
export class Visitor {
  readonly cookies = new Map<string, string>();
  readonly country: string;
  readonly ip: string;

  constructor({ country = 'RU', ip = freshIp() }: { country?: string; ip?: string } = {}) {
    this.country = country;
    this.ip = ip;
  }

  /** Sends one request; `Set-Cookie` answers are kept as a browser keeps them. */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has('cookie'))
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (!headers.has('cf-ipcountry')) headers.set('cf-ipcountry', this.country);
    if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', this.ip);
    const method = (init.method ?? 'GET').toUpperCase();
    if (!SAFE_METHODS.has(method) && !headers.has('origin') && !headers.has('sec-fetch-site'))
      headers.set('origin', ORIGIN);
    const response = await exports.default.fetch(
      new Request(new URL(path, ORIGIN), { redirect: 'manual', ...init, headers }),
    );
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(/;\s*/);
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      if (attributes.some((a) => /^max-age=0$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, pair!.slice(eq + 1));
    }
    return response;
  }

  /**
   * Asks for `path` again until the edge cache answers it (`X-Edge-Cache: HIT`): the Worker stores
   * its copy in the background, after the answer that made it. Gives up after 15 s of real time, a
   * deadline rather than a count of tries, so a busy machine gets as long as a quiet one.
   */
  async fromEdgeCache(path: string, init: RequestInit = {}): Promise<Response> {
    for (const deadline = Date.now() + 15_000; ; ) {
      const res = await this.fetch(path, init);
      if (res.headers.get('x-edge-cache') === 'HIT') return res;
      await res.arrayBuffer();
      if (Date.now() > deadline) throw new Error(`${path} never came from the edge cache`);
      await scheduler.wait(50);
    }
  }

  /** Opens a page (no redirect followed) and parses what came back. */
  async open(path: string, init: RequestInit = {}): Promise<Page> {
    const response = await this.fetch(path, init);
    const html = await response.text();
    return {
      response,
      status: response.status,
      headers: response.headers,
      html,
      document: parseHTML(html).document as unknown as Document,
    };
  }

  /** A JSON POST, as the islands send it. */
  post(path: string, body?: unknown): Promise<Response> {
    return this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /**
   * Signs in through the API as a seeded demo account (README, «Demo accounts»); with `kid`,
   * switches to the subscriber's kid profile «Дети».
   */
  async signInAsDemo(
    who: keyof typeof DEMO_ACCOUNTS = 'subscriber',
    { kid = false } = {},
  ): Promise<this> {
    const { email, password } = DEMO_ACCOUNTS[who];
    const signedIn = await this.post('/auth/email/sign_in/', { email, password });
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    if (!kid) return this;
    const { results } = (await (await this.fetch('/auth/users/')).json()) as {
      results: { id: number; name: string; isKid: boolean }[];
    };
    const child = results.find((p) => p.isKid);
    if (!child) throw new Error(`the demo ${who} has no kid profile`);
    const switched = await this.post('/auth/users/switch/', { userId: child.id });
    expect(switched.status, await switched.clone().text()).toBe(200);
    return this;
  }

  /**
   * Signs up a new account by e-mail through the API, with the code the outbox holds (as the
   * browser journeys do), and stays signed in as it. A unique address unless one is given.
   * @example const { accountId } = await new Visitor().signUp()
   */
  async signUp(
    email = `viewer-${crypto.randomUUID().slice(0, 8)}@example.ru`,
    password = 'correct horse 1',
  ): Promise<{ email: string; accountId: number; userId: number }> {
    const first = await this.post('/auth/email/sign_up/', { email, password });
    expect(first.status, await first.clone().text()).toBe(202);
    const outbox = (await (
      await this.fetch(`/dev/api/outbox/?to=${encodeURIComponent(email)}&channel=email`)
    ).json()) as { results: { text: string }[] };
    const code = /(?<!\d)\d{6}(?!\d)/.exec(outbox.results[0]?.text ?? '')?.[0];
    if (!code) throw new Error(`no sign-up code in the outbox for ${email}`);
    const done = await this.post('/auth/email/sign_up/', { email, password, code });
    expect(done.status, await done.clone().text()).toBe(201);
    const { accountId, userId } = (await done.json()) as { accountId: number; userId: number };
    return { email, accountId, userId };
  }

  /**
   * Holds a session token as sign-in issues it, for an account that exists nowhere (no history,
   * favourites or rights of its own): the header and menus of a signed-in viewer, nothing more.
   */
  async holdToken(claims: Record<string, unknown> = {}): Promise<this> {
    const nobody = 900_001;
    const token = await sign(
      {
        hash: 'e2e',
        acc: nobody,
        sub: nobody,
        bil: nobody,
        kid: false,
        exp: Math.floor(Date.now() / 1000) + 3600,
        ...claims,
      },
      DEV_JWT_SECRET,
    );
    this.cookies.set('token', token);
    return this;
  }
}

/** An element's text as a reader hears it: whitespace (non-breaking spaces too) as one space. */
export const words = (node: Element | null | undefined) =>
  (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The texts of every element the selector finds, in document order. */
export const textsOf = (root: ParentNode, selector: string) =>
  [...root.querySelectorAll(selector)].map((el) => words(el));

/** Saves the player's position as the player does (a beacon's text/plain JSON); expects 204. */
export async function watched(visitor: Visitor, body: Record<string, number>) {
  const res = await visitor.fetch('/cms/content_experience/progress/', {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(204);
}
