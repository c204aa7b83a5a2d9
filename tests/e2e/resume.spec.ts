import { expect, test } from '@playwright/test';
import { signUpByEmail } from './support/accounts.ts';

test('/resume sends a guest to sign in, and a viewer back to the episode and moment they stopped at', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const guest = await request.get('/resume', { maxRedirects: 0 });
  expect([guest.status(), guest.headers().location]).toEqual([302, '/auth?backPath=%2Fresume']);
  expect(guest.headers()['cache-control']).toContain('no-store');

  await signUpByEmail(page, `resume-${Date.now()}@example.ru`, 'correct horse 1');
  const own = page.context().request;
  const nothing = await own.get('/resume', { maxRedirects: 0 });
  expect([nothing.status(), nothing.headers().location]).toEqual([302, '/']);

  // A series' first episode is free: watching it needs no subscription.
  const series = (await (await request.get('/cms/content/series/?page_size=1')).json()) as {
    results: { id: number }[];
  };
  const titleId = series.results[0]!.id;
  const seasons = (await (
    await request.get(`/cms/content/series/${titleId}/seasons/1/`)
  ).json()) as {
    episodes?: { id: number }[];
  };
  const episodeId = seasons.episodes?.[0]?.id;
  test.skip(!episodeId, 'no episodes listed for the first season');
  const saved = await own.post('/cms/content_experience/progress/', {
    headers: { origin: baseURL!, 'content-type': 'text/plain;charset=UTF-8' },
    // A moment before any clip's credits (the server counts a view past them as finished).
    data: JSON.stringify({ contentId: titleId, episodeId, position: 10.4, duration: 36 }),
  });
  expect(saved.status()).toBe(204);
  const back = await own.get('/resume', { maxRedirects: 0 });
  expect([back.status(), back.headers().location]).toEqual([
    302,
    `/watch/${titleId}?season=1&episode=1&play=1&t=10`,
  ]);
  expect(back.headers()['cache-control']).toContain('no-store');
});
