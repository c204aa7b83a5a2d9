import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { signUpByEmail } from './support/accounts.ts';

// Its own client address: sign-ups here must not spend the allowance other files share.
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': '203.0.113.61' } });

/** A fresh query parameter keeps the edge cache from answering with a copy made a minute ago. */
const fresh = () => `fresh=${Date.now()}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A moment in Moscow time: `days` after today's date in Moscow (the seed lays the guide around
 * today), at `time`.
 * @example moscow('20:00') // today at 20:00 MSK; moscow('04:30', 1) // the next night, still today's guide day
 */
const moscow = (time: string, days = 0) =>
  Date.parse(
    `${new Date(Date.now() + 3 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10)}T${time}:00+03:00`,
  );

/**
 * Fixes the clock at `time` for the page and the server: the browser's clock starts there
 * (page.clock) and every request asks the guide as of it (the development `x-dev-clock` header),
 * so what is on air, and where the lists open, do not depend on the hour the journey runs at.
 */
async function fixClock(page: Page, time: number) {
  await page.clock.install({ time });
  await page.setExtraHTTPHeaders({ 'x-dev-clock': String(time) });
}

type Channel = { slug: string; name: string; now: { name: string; endsAt: number } | null };
/** A channel on air at `time`, as the API answers as of then. */
async function channelOnAir(request: APIRequestContext, time: number): Promise<Channel> {
  const res = await request.get(`/cms/tv/channels/?${fresh()}`, {
    headers: { 'x-dev-clock': String(time) },
  });
  const channel = ((await res.json()).results as Channel[]).find((c) => c.now);
  expect(channel, 'a channel on air').toBeDefined();
  return channel!;
}

const days = (page: Page) => page.getByRole('navigation', { name: 'Дни' }).getByRole('link');
const heading = (page: Page) => page.locator('.guide-day__title');

/** Where the programme on air sits in its list, and how far the list and the page are scrolled. */
const placeOfNow = (list: Locator) =>
  list.evaluate((ol) => {
    const item = ol.querySelector('[aria-current="time"]')!;
    const box = item.getBoundingClientRect();
    const frame = ol.getBoundingClientRect();
    return {
      firstRow: box.top >= frame.top - 1 && box.top < frame.top + 40,
      inFrame: box.top >= frame.top - 1 && box.bottom <= frame.bottom + 1,
      scrolled: ol.scrollTop,
      atEnd: ol.scrollTop > 0 && ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 1,
      pageScrolled: window.scrollY,
    };
  });

test.describe('the TV guide', () => {
  test('switching the day updates the guide in place: the URL changes, the page does not load again', async ({
    page,
  }) => {
    await fixClock(page, moscow('20:00'));
    await page.goto(`/tv?${fresh()}`);
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const today = await heading(page).textContent();
    const target = days(page).nth(3);
    const href = (await target.getAttribute('href'))!;
    const label = (await target.textContent())!.replace(/\s+/g, ' ').trim().split(' ').slice(1);
    await target.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace('?', '\\?')}$`));
    await expect(heading(page)).toContainText(label.join(' '));
    await expect(days(page).nth(3)).toHaveAttribute('aria-current', 'page');
    await expect(days(page).nth(3)).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    // Back returns to today, still in place.
    await page.goBack();
    await expect(page).toHaveURL(/\/tv\?fresh=/);
    await expect(heading(page)).toHaveText(today!);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
  });

  test('a channel page opens at what is on now, scrolled within its list, not the page', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // In the evening the programme on air is the list's first visible row.
    const evening = moscow('20:00');
    const channel = await channelOnAir(request, evening);
    await fixClock(page, evening);
    await page.goto(`/tv/${channel.slug}?${fresh()}`);
    const list = page.getByRole('list', { name: `Программа канала ${channel.name}` });
    const current = list.locator('[aria-current="time"]');
    await expect(current).toHaveCount(1);
    await expect(current).toContainText('Сейчас');
    await expect.poll(() => placeOfNow(list)).toMatchObject({ firstRow: true, pageScrolled: 0 });
    expect((await placeOfNow(list)).scrolled).toBeGreaterThan(0);
  });

  test('late at night a channel page opens with its list scrolled to the end, what is on now in view, the page not scrolled', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // Half an hour before the guide day ends (05:00): the programme on air is among the list's
    // last rows, which cannot scroll to its top (guide-client.ts, scrollToNow).
    const night = moscow('04:30', 1);
    const channel = await channelOnAir(request, night);
    await fixClock(page, night);
    await page.goto(`/tv/${channel.slug}?${fresh()}`);
    const list = page.getByRole('list', { name: `Программа канала ${channel.name}` });
    const current = list.locator('[aria-current="time"]');
    await expect(current).toHaveCount(1);
    await expect(current).toContainText('Сейчас');
    await expect
      .poll(() => placeOfNow(list))
      .toMatchObject({ atEnd: true, inFrame: true, pageScrolled: 0 });
  });

  test('the on-air mark moves to the next programme when one ends', async ({ page, request }) => {
    const evening = moscow('20:00');
    const channel = await channelOnAir(request, evening);
    await fixClock(page, evening);
    await page.goto(`/tv/${channel.slug}?${fresh()}`);
    const current = page.locator('[aria-current="time"]');
    const start = Number(await current.getAttribute('data-start'));
    const end = Number(await current.getAttribute('data-end'));
    const now = await page.evaluate(() => Date.now());
    await page.clock.fastForward(Math.max(0, end * 1000 - now) + 2_000);
    await expect(current).toHaveAttribute('data-start', String(end));
    await expect(current).toContainText('Сейчас');
    await expect(page.locator(`[data-start="${start}"]`)).toHaveClass(/programme--past/);
    await expect(page.locator('[data-live]')).toHaveCount(1);
    // The progress bar went with it, and starts over.
    const bar = current.getByRole('progressbar');
    await expect(bar).toHaveCount(1);
    await expect(page.getByRole('progressbar')).toHaveCount(1);
    await expect(bar).toHaveAttribute('aria-label', /^Прошло 0\u00a0мин из\u00a0\d+$/);
  });

  test('the progress bar of the programme on air moves on once a minute', async ({
    page,
    request,
  }) => {
    const evening = moscow('20:00');
    const channel = await channelOnAir(request, evening);
    await fixClock(page, evening);
    await page.goto(`/tv/${channel.slug}?${fresh()}`);
    const bar = page.locator('[aria-current="time"]').getByRole('progressbar');
    const before = Number(await bar.getAttribute('value'));
    await page.clock.runFor(61_000);
    await expect(bar).toHaveAttribute('value', String(before + 1));
    await expect(bar).toHaveAttribute('aria-label', new RegExp(`^Прошло ${before + 1}\u00a0мин`));
  });

  test('on a desktop today’s guide is a timeline: rows of channels, programmes as wide as they are long, one line at now', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const evening = moscow('20:00');
    await fixClock(page, evening);
    await page.goto(`/tv?${fresh()}`);
    const rows = await page.locator('.channel').evaluateAll((cards) =>
      cards.slice(0, 6).map((card) => {
        const list = card.querySelector('[data-programmes]');
        const items = [...card.querySelectorAll<HTMLElement>('li[data-start]')]
          .filter((li) => li.getBoundingClientRect().width > 2)
          .map((li) => {
            const box = li.getBoundingClientRect();
            return {
              start: Number(li.dataset.start),
              end: Number(li.dataset.end),
              ...box.toJSON(),
            };
          });
        const line = list ? getComputedStyle(list, '::after') : null;
        return {
          items,
          listLeft: list?.getBoundingClientRect().left ?? 0,
          lineShift: line ? new DOMMatrix(line.transform).m41 : 0,
          lineLeft: line ? Number.parseFloat(line.left) : 0,
        };
      }),
    );
    const now = evening / 1000;
    // Every row's programmes sit side by side on one line, in the order they run.
    for (const { items } of rows) {
      expect(items.length).toBeGreaterThan(1);
      for (const [a, b] of items.slice(1).map((b, i) => [items[i]!, b] as const)) {
        expect(Math.abs(a.top - b.top)).toBeLessThan(2);
        expect(b.left).toBeGreaterThan(a.left);
      }
    }
    // One scale for all rows: pixels a minute are the same everywhere, and the line at now falls
    // where the programme on air's own minutes put it, at the same x in every row.
    const linesAt = rows.map((r) => r.listLeft + r.lineLeft + r.lineShift);
    for (const x of linesAt) expect(Math.abs(x - linesAt[0]!)).toBeLessThan(2);
    const perMinute = rows.flatMap(({ items }) =>
      items.slice(1, -1).map((i) => (i.width + 2) / ((i.end - i.start) / 60)),
    );
    expect(perMinute.length).toBeGreaterThan(2);
    for (const r of perMinute) expect(Math.abs(r - perMinute[0]!)).toBeLessThan(0.5);
    const onAir = rows
      .flatMap((r) => r.items)
      .find((i) => i.start <= now && now < i.end && i.start > now - 3600);
    expect(onAir).toBeDefined();
    expect(
      Math.abs(onAir!.left + ((now - onAir!.start) / 60) * perMinute[0]! - linesAt[0]!),
    ).toBeLessThan(4);
    // Nothing runs off the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1440,
    );
  });

  test('on a phone today’s guide is each channel’s list, shown whole: no row cut by a frame', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await fixClock(page, moscow('20:00'));
    await page.goto(`/tv?${fresh()}`);
    const lists = await page.locator('[data-programmes]').evaluateAll((ols) =>
      ols.map((ol) => {
        const [a, b] = [...ol.querySelectorAll('li')].map((li) => li.getBoundingClientRect());
        return {
          clipped: ol.scrollHeight > ol.clientHeight + 1,
          stacked: !!a && !!b && b.top >= a.bottom,
        };
      }),
    );
    expect(lists.length).toBeGreaterThan(10);
    expect(lists.filter((l) => l.clipped)).toEqual([]);
    expect(lists.every((l) => l.stacked)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });

  test('another day’s card shows only whole rows, wherever its list is scrolled to', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await fixClock(page, moscow('20:00'));
    await page.goto(`/tv?${fresh()}`);
    await days(page).nth(3).click();
    await expect(days(page).nth(3)).toHaveAttribute('aria-current', 'page');
    const list = page.locator('.channel [data-programmes]').first();
    const cut = () =>
      list.evaluate((ol) => {
        const frame = ol.getBoundingClientRect();
        return [...ol.querySelectorAll('li')]
          .map((li) => li.getBoundingClientRect())
          .filter((b) => b.bottom > frame.top + 1 && b.top < frame.bottom - 1)
          .filter((b) => b.top < frame.top - 1 || b.bottom > frame.bottom + 1).length;
      });
    expect(await cut()).toBe(0);
    await list.hover();
    for (const dy of [45, 110, 2000]) {
      await page.mouse.wheel(0, dy);
      await expect.poll(cut).toBe(0);
    }
  });

  test('a channel’s scrolling list comes to rest on a whole row at its top edge', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const evening = moscow('20:00');
    const channel = await channelOnAir(request, evening);
    await fixClock(page, evening);
    await page.goto(`/tv/${channel.slug}?${fresh()}`);
    const list = page.getByRole('list', { name: `Программа канала ${channel.name}` });
    await list.hover();
    await page.mouse.wheel(0, -37);
    const gap = () =>
      list.evaluate((ol) => {
        const top = ol.getBoundingClientRect().top + 4;
        const first = [...ol.querySelectorAll('li')].find(
          (li) => li.getBoundingClientRect().bottom > top + 1,
        )!;
        return Math.round(Math.abs(first.getBoundingClientRect().top - top));
      });
    await expect.poll(gap).toBeLessThanOrEqual(1);
  });
});

test('on /tv a channel refused for the PIN opens the PIN popup, not a link to the settings', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `tv-pin-${Date.now()}@example.ru`;
  await signUpByEmail(page, email, 'correct horse 1');
  await page.goto('/settings/parental?step=age');
  await page.getByLabel('12+').check();
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByLabel('PIN-код из 4 цифр').fill('2580');
  await page.getByLabel('Повторите PIN-код').fill('2580');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Готово' })).toBeVisible();

  // A new device session: the PIN is not entered there.
  // From an address of its own too: no other test's sign-ins count against this one.
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL!, 'cf-connecting-ip': '203.0.113.172' },
  });
  const signIn = await context.request.post('/auth/email/sign_in/', {
    data: { email, password: 'correct horse 1' },
  });
  expect(signIn.status()).toBe(200);
  const tv = await context.newPage();
  await tv.goto('/tv');
  // The PIN popup island is on the page, hydrated.
  await expect(tv.locator('astro-island[component-url*="PinPopup"]:not([ssr])')).toHaveCount(1);
  // The session's first page asks for the PIN at once (tests/e2e/parental-start.spec.ts): closed.
  const atStart = tv.getByRole('dialog', { name: 'Введите PIN-код' });
  await expect(atStart).toBeVisible();
  await atStart.getByRole('button', { name: 'Закрыть' }).click();
  await expect(atStart).toHaveCount(0);
  // A free channel rated 16+: the guest may play it, this account only with the PIN.
  await tv.locator('.channel a[data-play][data-channel="novosti-24"]').click();
  // The player asks for the PIN at once, in the popup the title pages use.
  await expect(tv.getByRole('dialog', { name: 'Введите PIN-код' })).toBeVisible();
  await expect(tv.getByRole('link', { name: 'Настройки родительского контроля' })).toHaveCount(0);
  await context.close();
});
