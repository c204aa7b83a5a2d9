import { expect, it } from 'vitest';
import { STAFF_DEMO } from '../../functions/db/seed/staff.ts';
import { Visitor, words } from './support/visitor.ts';

/**
 * A page view as the page's beacon sends it (src/components/analytics/page-view.ts): the page type
 * the server put in `#page-view`, the device of `#app-config`.
 */
async function viewPage(visitor: Visitor, path: string) {
  const { document } = await visitor.open(path);
  const json = (id: string) => JSON.parse(document.getElementById(id)?.textContent ?? '{}');
  const app = json('app-config');
  const event = {
    viewId: crypto.randomUUID(),
    accountId: '',
    profileId: '',
    billingId: '',
    isKid: false,
    device: {
      deviceId: app.deviceId ?? '',
      type: app.device?.type ?? '',
      vendor: '',
      model: '',
      os: '',
      osVersion: '',
      browserType: '',
      browserVersion: '',
    },
    platform: app.device?.deviceClass ?? '',
    url: { host: 'localhost:8787', path, query: '' },
    utm: { source: '', medium: '', campaign: '', content: '' },
    referer: '',
    action: 'page_view',
    meta: { pageType: json('page-view').type },
  };
  const sent = await visitor.fetch(
    `/v2/event?payload=${encodeURIComponent(JSON.stringify(event))}`,
  );
  expect(sent.status, await sent.clone().text()).toBe(204);
}

/** Names a figure by its caption (aria-labelledby), as a screen reader reads it. */
const figureNames = (document: Document) =>
  [...document.querySelectorAll('figure')].map((f) =>
    words(document.getElementById(f.getAttribute('aria-labelledby') ?? '')),
  );

it('staff see the report as charts with tables; a viewer who is not staff gets 404', async () => {
  expect((await new Visitor().open('/staff/stats')).status).toBe(404);
  expect((await (await new Visitor().holdToken()).open('/staff/stats')).status).toBe(404);

  const staff = new Visitor();
  const signedIn = await staff.post('/auth/email/sign_in/', {
    email: STAFF_DEMO.email,
    password: STAFF_DEMO.password,
  });
  expect(signedIn.status).toBe(200);
  // The page views a visit makes (the home page after sign-in) are in the figures.
  await viewPage(staff, '/');
  const page = await staff.open('/staff/stats');
  expect(page.status).toBe(200);
  const { document } = page;
  expect([...document.querySelectorAll('h1')].map((h) => words(h))).toContain('Статистика');
  const figures = figureNames(document);
  for (const name of [
    'События по дням',
    'Популярные тайтлы',
    'Открытия страниц по типам',
    'Источники (utm_source)',
  ])
    expect(figures, name).toContain(name);
  const charts = document.querySelectorAll('[role="img"]');
  expect(charts.length).toBeGreaterThanOrEqual(3);
  expect(document.querySelector('table')).not.toBeNull();
  expect(words(document.querySelector('[data-total="pageViews"]'))).toMatch(/^[1-9]/);

  // A narrower range, as the form asks for it.
  const narrow = await staff.open('/staff/stats?from=2026-01-01&to=2026-01-07');
  expect(words(narrow.document.querySelector('[data-total="pageViews"]'))).toBe('0');
});
