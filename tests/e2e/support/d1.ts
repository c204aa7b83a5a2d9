import { type APIRequestContext, expect } from '@playwright/test';

/**
 * Runs SQL against the e2e server's D1 through the Worker's own development route
 * (`POST /dev/api/d1`, one transaction), as an operator would with `wrangler d1 execute` in
 * production: the Worker sees the change on its next query. Never a second process on the
 * database file: its lock would make the Worker answer 503 to whatever request met it.
 * @example await d1(request, "UPDATE feature_flags SET enabled = 0 WHERE name = 'disable-dazn'")
 */
export async function d1(request: APIRequestContext, ...statements: string[]): Promise<void> {
  const origin = `http://localhost:${process.env.E2E_PORT ?? 8790}`;
  const res = await request.post(`${origin}/dev/api/d1`, {
    headers: { origin },
    data: { statements },
  });
  expect(res.status(), await res.text()).toBe(200);
}
