import { expect, it } from 'vitest';
import { Visitor } from './support/visitor.ts';

it('/resume sends a guest to sign in, and a viewer back to the episode and moment they stopped at', async () => {
  const guest = await new Visitor().fetch('/resume');
  expect([guest.status, guest.headers.get('location')]).toEqual([302, '/auth?backPath=%2Fresume']);
  expect(guest.headers.get('cache-control')).toContain('no-store');

  const own = new Visitor();
  await own.signUp(`resume-${crypto.randomUUID().slice(0, 8)}@example.ru`);
  const nothing = await own.fetch('/resume');
  expect([nothing.status, nothing.headers.get('location')]).toEqual([302, '/']);

  // A series' first episode is free: watching it needs no subscription.
  const series = (await (await own.fetch('/cms/content/series/?page_size=1')).json()) as {
    results: { id: number }[];
  };
  const titleId = series.results[0]!.id;
  const seasons = (await (await own.fetch(`/cms/content/series/${titleId}/seasons/1/`)).json()) as {
    episodes?: { id: number }[];
  };
  const episodeId = seasons.episodes?.[0]?.id;
  expect(episodeId, 'an episode listed for the first season').toBeDefined();
  const saved = await own.fetch('/cms/content_experience/progress/', {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    // A moment before any clip's credits (the server counts a view past them as finished).
    body: JSON.stringify({ contentId: titleId, episodeId, position: 10.4, duration: 36 }),
  });
  expect(saved.status).toBe(204);
  const back = await own.fetch('/resume');
  expect([back.status, back.headers.get('location')]).toEqual([
    302,
    `/watch/${titleId}?season=1&episode=1&play=1&t=10`,
  ]);
  expect(back.headers.get('cache-control')).toContain('no-store');
});
