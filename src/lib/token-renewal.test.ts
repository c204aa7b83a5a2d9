import { env, exports } from 'cloudflare:workers';
import { sign } from 'hono/jwt';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  Browser,
  recordMessages,
  resetAccounts,
  signUp,
} from '../../functions/domains/auth/test-support.ts';
import { type ApiEnvironment, createApiClient } from './api-client.ts';
import { DEFAULT_APP_CONFIG } from './app-config.ts';
import { tokenPayload } from './token-payload.ts';
import { RENEW_PATH, renewHashlessToken, type TokenJar } from './token-renewal.ts';

const messages = recordMessages();
/** The development signing key of wrangler.toml's [vars], which the test Worker runs with. */
const SECRET = 'dev-only-jwt-secret-change-me';
const SITE = 'http://www.example.test';

/** A browser tab at its globals: the cookie jar and the network to the real Worker and local D1. */
function tab(cookies: Record<string, string>) {
  const jar = new Map(Object.entries(cookies));
  const sent: string[] = [];
  const environment: ApiEnvironment = {
    config: () => ({ ...DEFAULT_APP_CONFIG, apiUrl: SITE, contentUrl: SITE, billingUrl: SITE }),
    fetch(url, init) {
      sent.push(new URL(url).pathname);
      // What a browser adds to its own page's call.
      init.headers.set('origin', SITE);
      return exports.default.fetch(new Request(url, init));
    },
    cookie: (name) => jar.get(name),
    clearCookie: (name) => void jar.delete(name),
    hostname: () => 'www.example.test',
    later: () => {},
    reload: () => {},
    log: () => {},
  };
  const tokens: TokenJar = {
    read: () => jar.get('token'),
    save: (token) => void jar.set('token', token),
  };
  return { client: createApiClient(environment), tokens, jar, sent };
}

/** A signed-up account's token, and the same token signed again without its hash. */
async function tokens() {
  const answer = await signUp(new Browser(), messages, 'renew@mail.ru');
  const { hash: _hash, ...rest } = tokenPayload(answer.token)!;
  return { withHash: answer.token, hashless: await sign(rest, SECRET) };
}

beforeEach(async () => {
  await resetAccounts();
  messages.clear();
});

describe('token renewal on the client (docs/product.md, «How things change»)', () => {
  it('a client whose token lacks the hash calls renew once, then holds a token of the same session with it', async () => {
    const { hashless } = await tokens();
    const { client, tokens: jar, jar: cookies, sent } = tab({ token: hashless });

    expect(await renewHashlessToken(client, jar)).toBe(true);
    expect(await renewHashlessToken(client, jar)).toBe(false);

    expect(sent).toEqual([RENEW_PATH]);
    const held = tokenPayload(cookies.get('token'));
    expect(held?.hash).toEqual(expect.any(String));
    expect(held?.hash).not.toBe('');
    expect(held?.sid).toBe(tokenPayload(hashless)?.sid);
  });

  it('a client whose token holds the hash, or who has no token, makes no call', async () => {
    const { withHash } = await tokens();
    const signedIn = tab({ token: withHash });
    const guest = tab({});

    expect(await renewHashlessToken(signedIn.client, signedIn.tokens)).toBe(false);
    expect(await renewHashlessToken(guest.client, guest.tokens)).toBe(false);

    expect([...signedIn.sent, ...guest.sent]).toEqual([]);
    expect(signedIn.jar.get('token')).toBe(withHash);
  });

  it('a hashless token of an ended session saves nothing, and the session cookies are cleared', async () => {
    const { hashless } = await tokens();
    await env.DB.prepare('UPDATE sessions SET revoked_at = unixepoch()').run();
    const { client, tokens: jar, jar: cookies, sent } = tab({ token: hashless, account_id: '1' });

    expect(await renewHashlessToken(client, jar)).toBe(false);

    expect(sent).toEqual([RENEW_PATH]);
    expect(cookies.has('token')).toBe(false);
    expect(cookies.has('account_id')).toBe(false);
  });
});
