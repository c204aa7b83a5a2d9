import { type APIRequestContext, expect } from '@playwright/test';

/** The seeded demo subscriber (README, «Demo accounts»): a year of every SVOD product. */
export const DEMO_SUBSCRIBER = {
  email: 'subscriber@demo.amediateka.example',
  password: 'smotrim-demo',
  /** Its kid profile. */
  kid: 'Дети',
  /** Its seeded orders (functions/db/seed/demo.ts): one paid, one canceled. */
  paidOrder: 'demo-subscriber-4',
  canceledOrder: 'demo-subscriber-5',
};

/**
 * Signs the request context (a page's `page.request` shares the browser's cookies) in as the demo
 * subscriber through the API, and with `kid` switches that session to its kid profile: no sign-up
 * and no screens, so a gate can walk many pages in one session.
 * @example await signInAsDemo(page.request, baseURL!, { kid: true })
 */
export async function signInAsDemo(
  request: APIRequestContext,
  baseURL: string,
  { kid = false } = {},
) {
  // The API refuses a cross-site POST: say where it comes from, as the browser would. Each sign-in
  // from an address of its own, so the gates never spend another test's sign-ins per address.
  const headers = {
    origin: baseURL,
    'cf-connecting-ip': `198.51.100.${1 + Math.floor(Math.random() * 250)}`,
  };
  const signedIn = await request.post('/auth/email/sign_in/', {
    headers,
    data: { email: DEMO_SUBSCRIBER.email, password: DEMO_SUBSCRIBER.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  if (!kid) return;
  const profiles = await request.get('/auth/users/');
  const { results } = (await profiles.json()) as {
    results: { id: number; name: string; isKid: boolean }[];
  };
  const child = results.find((p) => p.isKid && p.name === DEMO_SUBSCRIBER.kid);
  if (!child) throw new Error('the demo subscriber has no kid profile');
  const switched = await request.post('/auth/users/switch/', {
    headers,
    data: { userId: child.id },
  });
  expect(switched.status(), await switched.text()).toBe(200);
}
