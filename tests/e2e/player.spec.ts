import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInByEmail, signUpByEmail, unique } from './support/accounts.ts';
import { axe } from './support/axe.ts';
import { playsPast } from './support/player.ts';

// Each test from an address of its own: sign-ups and plays do not spend other journeys' per-IP allowance.
test.use({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none
  extraHTTPHeaders: async ({}, use) =>
    use({ 'cf-connecting-ip': `192.0.2.${1 + Math.floor(Math.random() * 250)}` }),
});

const PASSWORD = 'correct horse 1';

/** The first id of a catalogue list (trailers, series). */
async function firstOf(request: APIRequestContext, list: string) {
  const res = await request.get(`/cms/content/${list}/`);
  const { results } = (await res.json()) as { results: { id: number }[] };
  return results[0]!.id;
}

/** The first channel: the first three are free, so a guest may watch it. */
async function freeChannel(request: APIRequestContext) {
  const body = (await (await request.get('/cms/tv/channels/')).json()) as
    | { results: { slug: string }[] }
    | { slug: string }[];
  return (Array.isArray(body) ? body : body.results)[0]!.slug;
}

const media = (page: Page) =>
  page.evaluate(() => {
    const v = document.querySelector('video') as HTMLVideoElement & {
      hls?: {
        levels: { height: number }[];
        currentLevel: number;
        audioTracks: { lang?: string }[];
        audioTrack: number;
        playingDate: Date | null;
      };
    };
    return {
      time: v.currentTime,
      paused: v.paused,
      height: v.hls?.levels[v.hls.currentLevel]?.height ?? 0,
      audio: v.hls?.audioTracks[v.hls.audioTrack]?.lang ?? '',
      // The chosen track runs hidden: the player draws its cues itself, above the control bar.
      subtitles: [...v.textTracks].find((t) => t.mode !== 'disabled')?.language ?? 'off',
      behindClock: v.hls?.playingDate ? Date.now() - v.hls.playingDate.getTime() : null,
      programmeDate: v.hls?.playingDate?.getTime() ?? null,
    };
  });

/**
 * A new account meets the parental-control offer on an adult title page (status Undefined); these
 * viewers decline it once, as a viewer who does not want it would.
 */
async function declineParentalControl(page: Page, titleId: number) {
  await page.goto(`/watch/${titleId}`);
  await page.getByRole('button', { name: 'Не использовать' }).click();
  await expect(page.locator('.pin-backdrop')).toHaveCount(0);
}

const player = (page: Page) => page.getByRole('region', { name: /^Видеоплеер/ });

test.describe('the player', () => {
  // The clips must be in local R2 (npm run media, uploaded by the e2e server): say so, not time out.
  test.beforeAll(async ({ request }) => {
    const res = await request.get(
      `/cms/content_experience/watches/${await firstOf(request, 'trailers')}/`,
    );
    expect(res.status(), 'the sample media are not in local R2 (npm run media, then upload)').toBe(
      200,
    );
  });

  test('a guest plays a trailer from its page and the time advances', async ({ page, request }) => {
    await page.goto(`/watch/${await firstOf(request, 'trailers')}`);
    await expect(page.locator('#player')).toBeHidden();
    await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
    await playsPast(page, 1);
    const before = (await media(page)).time;
    await page.waitForTimeout(1500);
    expect((await media(page)).time).toBeGreaterThan(before + 0.5);
    // The timeline is a slider that says where it is in words.
    await expect(player(page).getByRole('slider', { name: 'Перемотка' })).toHaveAttribute(
      'aria-valuetext',
      /^\d+ секунд[аы]? из \d+ секунд[аы]?$/,
    );
  });

  test('a play nobody touches fades the controls; the slider still says the time, and the clock and bar are right as they come back', async ({
    page,
    request,
  }) => {
    await page.goto(`/watch/${await firstOf(request, 'trailers')}?play=1#player`);
    await playsPast(page, 1);
    // No press and no pointer: the controls fade 3 s after the player opened.
    await expect(player(page)).toHaveClass(/player--idle/, { timeout: 10_000 });
    const slider = player(page).getByRole('slider', { name: 'Перемотка' });
    /** The media's time and what the slider, the clock and the bar say of it, read at once. */
    const read = () =>
      page.evaluate(() => {
        const v = document.querySelector('video')!;
        const s = document.querySelector('[role="slider"]')!;
        const width = (sel: string) => document.querySelector(sel)!.getBoundingClientRect().width;
        const knob = document.querySelector('.player__knob')!.getBoundingClientRect();
        const track = document.querySelector('.player__track')!.getBoundingClientRect();
        const [m, sec] = (document.querySelector('.player__time')?.textContent ?? '')
          .split(' / ')[0]!
          .split(':')
          .map(Number);
        return {
          time: v.currentTime,
          duration: v.duration,
          now: Number(s.getAttribute('aria-valuenow')),
          text: s.getAttribute('aria-valuetext') ?? '',
          clock: m! * 60 + sec!,
          played: width('.player__played') / track.width,
          knob: (knob.left + knob.width / 2 - track.left) / track.width,
        };
      });
    // Faded out for seconds of play, the slider's value and words follow the time all the same.
    const before = await read();
    await expect
      .poll(async () => {
        const r = await read();
        return r.time > before.time + 2 && Math.abs(r.now - Math.floor(r.time)) <= 1;
      })
      .toBe(true);
    const hidden = await read();
    const seconds = Number(hidden.text.match(/^(\d+) секунд/)?.[1]);
    expect(Math.abs(seconds - hidden.now)).toBeLessThanOrEqual(1);

    // The pointer brings them back with the clock and the bar where the media is.
    await page.mouse.move(300, 200);
    await page.mouse.move(320, 220);
    await expect(player(page)).not.toHaveClass(/player--idle/);
    const shown = await read();
    // The clock says the whole second of the last time event (about four a second).
    expect(shown.clock).toBeLessThanOrEqual(shown.time);
    expect(shown.time - shown.clock).toBeLessThan(2);
    expect(Math.abs(shown.played - shown.time / shown.duration)).toBeLessThan(1 / shown.duration);
    expect(Math.abs(shown.knob - shown.played)).toBeLessThan(0.01);
    // While they show, the bar moves on with the media (no render of the player needed for it);
    // the pointer keeps moving, or a slow machine's poll would outlast the 3 s they stay.
    let step = 0;
    await expect
      .poll(async () => {
        await page.mouse.move(300 + (step++ % 2) * 10, 200);
        const r = await read();
        return r.played > shown.played && Math.abs(r.played - r.time / r.duration) < 1 / r.duration;
      })
      .toBe(true);
    await expect(slider).toHaveAttribute('aria-valuetext', /^\d+ секунд[аы]? из \d+ секунд[аы]?$/);
  });

  // 9 Mbit/s: hls.js alone would start at 720p (its bitrate fits the line); its first segment
  // would take half a second, so the player starts a step lower.
  for (const [line, bps, first] of [
    ['a fast line', 50e6, 720],
    ['fast 4G', 9e6, 480],
    ['a slow line', 1e6, 240],
  ] as const)
    test(`after a play measured ${line}, the next starts at the ${first}p rendition`, async ({
      page,
      request,
    }) => {
      // What the last playback in this browser measured (start-level.ts keeps it half an hour).
      await page.addInitScript(
        (measured) =>
          localStorage.setItem(
            'playerBandwidth',
            JSON.stringify({ bps: measured, at: Date.now() }),
          ),
        bps,
      );
      const segments: string[] = [];
      page.on('request', (r) => {
        const rendition = /\/v(\d+)\/[^/]*\.(?:ts|m4s|mp4)(?:\?|$)/.exec(r.url());
        if (rendition) segments.push(rendition[1]!);
      });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`/watch/${await firstOf(request, 'trailers')}`);
      await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
      await playsPast(page, 0.5);
      expect(segments[0]).toBe(String(first));
    });

  for (const kind of ['a trailer', 'a channel'] as const)
    test(`the player’s code comes once a viewer acts on ${kind}’s page with «Смотреть» in sight, not while nobody has`, async ({
      page,
      request,
    }) => {
      const code: string[] = [];
      page.on('request', (r) => {
        if (/\/_astro\/mount\.[\w-]+\.js$/.test(r.url())) code.push(r.url());
      });
      // A channel's page scrolls its programme list to what is on now: that is not the viewer.
      const path =
        kind === 'a trailer'
          ? `/watch/${await firstOf(request, 'trailers')}`
          : `/tv/${await freeChannel(request)}`;
      await page.goto(path, { waitUntil: 'load' });
      await page.waitForTimeout(1500);
      expect(code).toEqual([]);
      // A move over the page's heading: no play link is pointed at.
      await page.getByRole('heading', { level: 1 }).hover();
      await expect.poll(() => code.length, { timeout: 10_000 }).toBe(1);
      if (kind === 'a channel') return;
      await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
      await playsPast(page, 1);
      expect(code.length).toBe(1);
    });

  test('without JavaScript «Смотреть» leads to the page with the player', async ({
    browser,
    request,
  }) => {
    const id = await firstOf(request, 'trailers');
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/watch/${id}`);
    await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/watch/${id}\\?play=1#player$`));
    await expect(page.locator('#player')).toBeVisible();
    await expect(page.locator('#player')).toContainText(
      'Чтобы смотреть, включите JavaScript в браузере.',
    );
    await context.close();
  });

  test('an episode of the season list plays in place, and the page at ?season=&episode=&play=1 plays it on load', async ({
    page,
    request,
  }) => {
    const series = await firstOf(request, 'series');
    await page.goto(`/watch/${series}`);
    const first = page.locator('.episodes a[data-play]').first();
    const name = await first.textContent();
    await first.click();
    await playsPast(page);
    await expect(page).toHaveURL(
      new RegExp(`/watch/${series}\\?season=1&episode=1&play=1#player$`),
    );
    await expect(player(page)).toContainText(name ?? '');

    // Opened to play with no press on the page: it starts muted, one press away from sound.
    await page.goto(`/watch/${series}?season=1&episode=1&play=1`);
    await playsPast(page);
    await expect(player(page)).toContainText('1 сезон, 1 серия');
    const withSound = player(page).getByRole('button', { name: 'Смотреть со звуком' });
    if (await page.evaluate(() => document.querySelector('video')!.muted)) {
      await withSound.click();
      expect(await page.evaluate(() => document.querySelector('video')!.muted)).toBe(false);
    }
    await expect(withSound).toBeHidden();
  });

  test('quality, audio and subtitles switch from their menus, and a guest keeps the choice', async ({
    page,
    request,
  }) => {
    await page.goto(`/watch/${await firstOf(request, 'trailers')}?play=1`);
    await playsPast(page);
    const pick = async (menu: string, item: string) => {
      await player(page).getByRole('button', { name: menu }).click();
      await page
        .getByRole('menu', { name: menu })
        .getByRole('menuitemradio', { name: item, exact: true })
        .click();
    };
    await pick('Качество', '240p');
    await expect.poll(async () => (await media(page)).height, { timeout: 10_000 }).toBe(240);
    await pick('Язык озвучки', 'English');
    await expect.poll(async () => (await media(page)).audio).toBe('en');
    await pick('Субтитры', 'English');
    await expect.poll(async () => (await media(page)).subtitles).toBe('en');
    await player(page).getByRole('button', { name: 'Субтитры' }).click();
    await expect(
      page.getByRole('menu', { name: 'Субтитры' }).getByRole('menuitemradio', { name: 'English' }),
    ).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu', { name: 'Субтитры' })).toBeHidden();
    // The line is drawn clear of the bar while the bar shows, and stays inside the picture with a
    // margin once it hides; white, never on the bar's row.
    const line = player(page).locator('.player__subtitles');
    await expect(line).toBeVisible({ timeout: 15_000 });
    const place = () =>
      page.evaluate(() => {
        const box = (s: string) => document.querySelector(s)!.getBoundingClientRect();
        const text = document.querySelector('.player__subtitles');
        return {
          idle: document.querySelector('.player--idle') !== null,
          textBottom: text ? text.getBoundingClientRect().bottom : null,
          barTop: box('.player__timeline').top,
          playerBottom: box('.player').bottom,
          color: text ? getComputedStyle(text).color : null,
        };
      });
    // The bar brought back by the pointer, read while a line is on screen (cues come and go).
    let shown = await place();
    let step = 0;
    await expect
      .poll(
        async () => {
          await page.mouse.move(300 + (step++ % 2) * 20, 200);
          shown = await place();
          return !shown.idle && shown.textBottom !== null;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(shown.color).toBe('rgb(255, 255, 255)');
    expect(shown.textBottom!).toBeLessThanOrEqual(shown.barTop - 8);
    // The bar stays while one of its buttons has the focus (the menu gave it back to «Субтитры»).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect.poll(async () => (await place()).idle, { timeout: 10_000 }).toBe(true);
    await expect
      .poll(async () => {
        const hidden = await place();
        return hidden.textBottom === null || hidden.textBottom <= hidden.playerBottom - 12;
      })
      .toBe(true);

    await page.reload();
    await playsPast(page);
    await expect.poll(async () => (await media(page)).subtitles).toBe('en');
    await expect.poll(async () => (await media(page)).audio).toBe('en');
  });

  test('on a phone the controls stay one row inside a 343-px player, and «Настройки» opens a sheet that lists every choice', async ({
    page,
    request,
  }) => {
    // A 343-px player: the title page's player spans the window.
    await page.setViewportSize({ width: 343, height: 740 });
    await page.goto(`/watch/${await firstOf(request, 'trailers')}`);
    await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
    await playsPast(page);
    await page.mouse.move(180, 100);
    const frame = (await player(page).boundingBox())!;
    const row = player(page).locator('.player__row');
    const play = player(page).getByRole('button', { name: 'Пауза' });
    const settings = player(page).getByRole('button', { name: 'Настройки' });
    const fullscreen = player(page).getByRole('button', { name: 'Во весь экран' });
    // One row: the first and the last button share a line, and nothing leaves the player.
    expect(
      Math.abs((await play.boundingBox())!.y - (await fullscreen.boundingBox())!.y),
    ).toBeLessThan(2);
    expect((await row.boundingBox())!.height).toBeLessThan(50);
    expect(await row.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const control of await row.locator('button, .player__time').all()) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(frame.x);
      expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
    }
    await expect(player(page).getByRole('button', { name: 'Качество' })).toHaveCount(0);

    await page.setViewportSize({ width: 375, height: 812 });
    await settings.click();
    const sheet = page.getByRole('dialog', { name: 'Настройки' });
    await expect(sheet).toBeVisible();
    // A sheet along the bottom of the window, inside it, listing the 15 choices: each one can be
    // scrolled to within it.
    const box = (await sheet.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(Math.abs(box.y + box.height - 812)).toBeLessThan(1);
    expect(box.width).toBe(375);
    for (const group of ['Качество', 'Язык озвучки', 'Субтитры', 'Скорость'])
      await expect(sheet.getByRole('group', { name: group })).toHaveCount(1);
    const options = await sheet.getByRole('radio').all();
    expect(options.length).toBeGreaterThanOrEqual(15);
    for (const option of options) {
      await option.scrollIntoViewIfNeeded();
      const at = (await option.boundingBox())!;
      expect(at.y).toBeGreaterThanOrEqual(box.y);
      expect(at.y + at.height).toBeLessThanOrEqual(box.y + box.height);
    }
    await sheet
      .getByRole('group', { name: 'Язык озвучки' })
      .getByRole('radio', { name: 'English' })
      .check();
    await expect.poll(async () => (await media(page)).audio).toBe('en');
    const { violations } = await axe(page).include('#player').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    // Tab goes round the sheet; Escape closes it and focus goes back to «Настройки».
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(settings).toBeFocused();
    // A tap on the backdrop above it closes it too.
    await settings.click();
    await expect(sheet).toBeVisible();
    await page.mouse.click(180, 20);
    await expect(sheet).toBeHidden();
    await expect(settings).toBeFocused();
  });

  test('on a phone the settings sheet’s arrows move through «Качество» and the quality switches once, to where they rest', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/watch/${await firstOf(request, 'trailers')}`);
    await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
    await playsPast(page);
    // Every rendition the player asks hls.js for, in order.
    await page.evaluate(() => {
      const hls = (document.querySelector('video') as HTMLVideoElement & { hls: object }).hls;
      let proto = Object.getPrototypeOf(hls);
      while (proto && !Object.getOwnPropertyDescriptor(proto, 'currentLevel'))
        proto = Object.getPrototypeOf(proto);
      const level = Object.getOwnPropertyDescriptor(proto, 'currentLevel')!;
      const asked: number[] = [];
      Object.assign(window, { asked });
      Object.defineProperty(hls, 'currentLevel', {
        configurable: true,
        get: () => level.get!.call(hls),
        set: (index: number) => {
          asked.push(index);
          level.set!.call(hls, index);
        },
      });
    });
    const asked = () => page.evaluate(() => (window as unknown as { asked: number[] }).asked);
    await page.mouse.move(180, 100);
    await player(page).getByRole('button', { name: 'Настройки' }).click();
    const quality = page
      .getByRole('dialog', { name: 'Настройки' })
      .getByRole('group', { name: 'Качество' });
    const radios = quality.getByRole('radio');
    const count = await radios.count();
    // Three steps down must land on another choice than the one they start from.
    expect(count).toBeGreaterThan(3);
    const start = await radios.evaluateAll((all) =>
      all.findIndex((r) => (r as HTMLInputElement).checked),
    );
    await radios.nth(start).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    const chosen = radios.nth((start + 3) % count);
    await expect(chosen).toBeChecked();
    await expect(chosen).toBeFocused();
    const label = (await chosen.evaluate((r) => r.parentElement!.textContent))!.trim();
    const height = Number.parseInt(label, 10);
    const index = await page.evaluate(
      (h) =>
        (
          document.querySelector('video') as HTMLVideoElement & {
            hls: { levels: { height: number }[] };
          }
        ).hls.levels.findIndex((l) => l.height === h),
      height,
    );
    // Passing over the first two does not switch; the one they rest on is applied, once.
    await expect.poll(asked).toEqual([Number.isNaN(height) ? -1 : index]);
    await page.waitForTimeout(800);
    expect(await asked()).toHaveLength(1);
    if (!Number.isNaN(height))
      await expect.poll(async () => (await media(page)).height).toBe(height);
  });

  test('on a phone «Пропустить заставку» is small, in the player’s top corner', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const series = await firstOf(request, 'series');
    const { markers } = (await (
      await request.get(`/cms/content_experience/watches/${series}/`)
    ).json()) as { markers: { intro: { start: number; end: number } } };
    await page.goto(`/watch/${series}?play=1`);
    await playsPast(page);
    await page.evaluate((t) => {
      document.querySelector('video')!.currentTime = t;
    }, markers.intro.start + 0.5);
    const skip = player(page).getByRole('button', { name: 'Пропустить заставку' });
    await expect(skip).toBeVisible();
    const frame = (await player(page).boundingBox())!;
    const box = (await skip.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(36);
    expect(box.width).toBeLessThan(frame.width / 2);
    expect(box.y - frame.y).toBeLessThanOrEqual(12);
    expect(frame.x + frame.width - (box.x + box.width)).toBeLessThanOrEqual(12);
  });

  test.describe('on a touch screen', () => {
    test.use({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 812 } });

    test('turning the phone sideways while the video plays shows the player full screen, not while paused', async ({
      page,
      request,
    }) => {
      await page.goto(`/watch/${await firstOf(request, 'trailers')}`);
      await page.getByRole('link', { name: 'Смотреть', exact: true }).tap();
      await playsPast(page);
      const fullscreen = () => page.evaluate(() => document.fullscreenElement?.className ?? '');
      await page.keyboard.press('k');
      await expect.poll(async () => (await media(page)).paused).toBe(true);
      await page.setViewportSize({ width: 812, height: 375 });
      await page.waitForTimeout(500);
      expect(await fullscreen()).toBe('');
      await page.setViewportSize({ width: 375, height: 812 });
      await page.keyboard.press('k');
      await expect.poll(async () => (await media(page)).paused).toBe(false);
      await page.setViewportSize({ width: 812, height: 375 });
      await expect.poll(fullscreen).toMatch(/player/);
      await page.evaluate(() => document.exitFullscreen());
    });
  });

  test('while the video plays the player is the page: the header steps aside, comes back on pause on a desktop (not on a phone), when reached for or tabbed into; «Смотреть» does not repeat below', async ({
    page,
    request,
  }) => {
    const headerShown = async () => {
      const box = (await page.locator('.site-header').boundingBox())!;
      return box.y + box.height > 1;
    };
    for (const size of [
      { width: 1440, height: 900 },
      { width: 375, height: 812 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(`/watch/${await firstOf(request, 'trailers')}`);
      const watch = page.getByRole('link', { name: 'Смотреть', exact: true });
      await watch.click();
      await playsPast(page);
      await expect.poll(headerShown).toBe(false);
      // The whole window's width, the player whole in the window.
      const slot = (await page.locator('[data-player]').boundingBox())!;
      expect(slot.width).toBe(size.width);
      expect(slot.y).toBeGreaterThanOrEqual(-1);
      expect(slot.y + slot.height).toBeLessThanOrEqual(size.height);
      await expect(watch).toBeHidden();

      // Paused, a desktop's header comes back; a phone's stays aside, or it would cover half the
      // picture.
      await page.keyboard.press('k');
      await expect.poll(async () => (await media(page)).paused).toBe(true);
      await expect.poll(headerShown).toBe(size.width > 1000);
      await page.keyboard.press('k');
      await expect.poll(headerShown).toBe(false);
      if (size.width > 1000) {
        // The mouse moving up to the top of the window brings it, and moving down sends it away.
        await page.mouse.move(700, 400);
        await page.mouse.move(700, 10, { steps: 4 });
        await expect.poll(headerShown).toBe(true);
        await page.mouse.move(700, 500, { steps: 4 });
        await expect.poll(headerShown).toBe(false);
      }
      // Shift+Tab from the player reaches the header, which comes back while it has focus.
      await player(page).focus();
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('.site-header'))).toBe(
        true,
      );
      await expect.poll(headerShown).toBe(true);
    }
  });

  test('a press of «Смотреть» has the line to itself: the carousels’ Swiper waits for the first frame and the viewer’s next move', async ({
    page,
    request,
  }) => {
    // Tall enough that «Похожие» is on the screen, and the first segments slow, so the start
    // of playback is a window of its own.
    await page.setViewportSize({ width: 1280, height: 2400 });
    await page.route(/\/media\/hls\/.*\.m4s(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const swiper: number[] = [];
    page.on('request', (r) => {
      if (/carousel-swiper\.[\w-]+\.js$/.test(r.url())) swiper.push(Date.now());
    });
    await page.goto(`/watch/${await firstOf(request, 'trailers')}`);
    await expect(page.getByRole('heading', { name: 'Похожие' })).toBeVisible();
    await page.evaluate(() => {
      document.addEventListener(
        'playing',
        () => {
          (window as { firstPlaying?: number }).firstPlaying ??=
            performance.timeOrigin + performance.now();
        },
        true,
      );
    });
    const pressedAt = Date.now();
    await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
    // The pointer wanders into «Похожие» while the video starts: that would bring Swiper in.
    await page
      .locator('section[data-carousel]', { has: page.getByRole('heading', { name: 'Похожие' }) })
      .locator('.carousel')
      .hover();
    await playsPast(page);
    const playingAt = await page.evaluate(
      () => (window as { firstPlaying?: number }).firstPlaying!,
    );
    expect(playingAt - pressedAt).toBeGreaterThan(1000);
    expect(swiper.filter((at) => at > pressedAt && at < playingAt)).toEqual([]);
    // Nor while the viewer just watches; once they act again, the carousel is theirs.
    await page.waitForTimeout(1000);
    expect(swiper.filter((at) => at > pressedAt)).toEqual([]);
    const centre = await page.evaluate(() => ({ x: innerWidth / 2, y: innerHeight / 2 }));
    await page.mouse.move(centre.x, centre.y, { steps: 3 });
    await expect.poll(() => swiper.filter((at) => at > pressedAt).length).toBeGreaterThan(0);
  });

  test('the whole player works from the keyboard', async ({ page, request }) => {
    await page.goto(`/watch/${await firstOf(request, 'trailers')}`);
    await page.getByRole('link', { name: 'Смотреть', exact: true }).focus();
    await page.keyboard.press('Enter');
    await playsPast(page);
    await expect(player(page)).toBeFocused();

    await page.keyboard.press('k');
    await expect.poll(async () => (await media(page)).paused).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await media(page)).paused).toBe(false);
    const at = (await media(page)).time;
    await page.keyboard.press('ArrowRight');
    expect((await media(page)).time).toBeGreaterThan(at + 9);

    // Tab reaches the subtitles menu; arrows choose, Enter picks, focus returns to the button.
    const subtitles = player(page).getByRole('button', { name: 'Субтитры' });
    for (
      let i = 0;
      i < 20 && !(await subtitles.evaluate((el) => el === document.activeElement));
      i++
    )
      await page.keyboard.press('Tab');
    await expect(subtitles).toBeFocused();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Субтитры' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitemradio', { name: 'Выкл' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect(subtitles).toBeFocused();
    await expect.poll(async () => (await media(page)).subtitles).toBe('ru');
    await page.keyboard.press('c');
    await expect.poll(async () => (await media(page)).subtitles).toBe('off');
    // The controls stay while one of them has focus, however long the pointer rests.
    await page.waitForTimeout(3500);
    await expect(player(page)).not.toHaveClass(/player--idle/);

    await page.keyboard.press('f');
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.className))
      .toMatch(/player/);
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();

    await page.keyboard.press('Shift+Slash');
    const help = page.getByRole('dialog', { name: 'Горячие клавиши' });
    await expect(help).toBeVisible();
    await expect(help.getByRole('button', { name: 'Закрыть' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    await expect(subtitles).toBeFocused();
  });

  test('the view event goes once when playback starts, and to the data layer', async ({
    page,
    request,
  }) => {
    const events: string[] = [];
    // Every page also sends its page view to /v2/event: only the player's view events count here.
    const isView = (url: string) =>
      url.includes('/v2/event?payload=') &&
      JSON.parse(new URL(url).searchParams.get('payload') ?? '{}').action === 'view';
    page.on('request', (r) => {
      if (isView(r.url())) events.push(r.url());
    });
    await page.goto(`/watch/${await firstOf(request, 'trailers')}`);
    const answered = page.waitForResponse((r) => isView(r.url()));
    await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
    expect((await answered).status()).toBe(204);
    await playsPast(page, 1);
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    await playsPast(page, 2);
    expect(events).toHaveLength(1);
    const payload = JSON.parse(new URL(events[0]!).searchParams.get('payload')!);
    expect(payload).toMatchObject({ action: 'view', platform: 'desktopWeb', isKid: false });
    expect(payload.viewId).toMatch(/^[0-9a-f-]{36}$/);
    const layer = await page.evaluate(
      () => (window as { dataLayer?: { event: string; viewId: string }[] }).dataLayer,
    );
    expect(layer?.filter((e) => e.event === 'view').map((e) => e.viewId)).toEqual([payload.viewId]);
  });

  test('a guest pressing play on a paid episode is asked to sign in, and the popup closes with Esc', async ({
    page,
    request,
  }) => {
    const series = await firstOf(request, 'series');
    await page.goto(`/watch/${series}`);
    const second = page.locator('.episodes a[data-play]').nth(1);
    await second.click();
    const dialog = page.getByRole('dialog', { name: 'Контент недоступен' });
    await expect(dialog).toBeVisible();
    const signIn = dialog.getByRole('link', { name: 'Войти', exact: true });
    await expect(signIn).toBeFocused();
    await expect(signIn).toHaveAttribute('href', /^\/auth\?backPath=%2Fwatch%2F/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator('#player')).toBeHidden();
    await expect(second).toBeFocused();
  });

  test('a signed-in viewer who leaves and comes back resumes where they left, with their subtitles', async ({
    page,
    request,
  }) => {
    await signUpByEmail(page, `player-${unique()}@example.ru`, PASSWORD);
    const series = await firstOf(request, 'series');
    await declineParentalControl(page, series);
    await page.goto(`/watch/${series}?season=1&episode=1&play=1`);
    await playsPast(page);
    await player(page).getByRole('button', { name: 'Субтитры' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.evaluate(() => {
      document.querySelector('video')!.currentTime = 20;
    });
    await playsPast(page, 21);
    const left = (await media(page)).time;
    await page.goto('/');
    await page.goto(`/watch/${series}`);
    await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
    await playsPast(page, 1);
    const back = (await media(page)).time;
    expect(Math.abs(back - left)).toBeLessThanOrEqual(5);
    await expect.poll(async () => (await media(page)).subtitles).toBe('en');

    // Signed in without a subscription, a paid episode offers one: the series' own paywall.
    await page.locator('.episodes a[data-play]').nth(1).click();
    const dialog = page.getByRole('dialog', { name: 'Контент недоступен' });
    await expect(dialog.getByRole('link', { name: 'Оформить подписку' })).toHaveAttribute(
      'href',
      /^\/paywall\/[a-z0-9-]+\?contentId=\d+$/,
    );
  });

  test('«Пропустить заставку» shows during the intro of a series’ free first episode and jumps past it', async ({
    page,
    request,
  }) => {
    const series = await firstOf(request, 'series');
    const { markers } = (await (
      await request.get(`/cms/content_experience/watches/${series}/`)
    ).json()) as { markers: { intro: { start: number; end: number } } };
    await page.goto(`/watch/${series}?play=1`);
    await playsPast(page);
    const skip = player(page).getByRole('button', { name: 'Пропустить заставку' });
    await page.evaluate((t) => {
      document.querySelector('video')!.currentTime = t;
    }, markers.intro.start + 0.5);
    await expect(skip).toBeVisible();
    await skip.click();
    await expect(skip).toBeHidden();
    expect((await media(page)).time).toBeGreaterThanOrEqual(markers.intro.end - 0.5);
  });

  test('the demo viewer without a subscription pressing play on a paid film is taken to its paywall', async ({
    page,
    request,
  }) => {
    const movies = (await (
      await request.get('/cms/content/movies/?partner=none&page_size=40')
    ).json()) as { results: { id: number; ageRating: string }[] };
    // Under 18+: an account without parental control set up meets no setup offer there.
    const film = movies.results.find((m) => m.ageRating !== '18+')!;
    await signInByEmail(page, 'viewer@demo.amediateka.example', 'smotrim-demo');
    await page.goto(`/watch/${film.id}`);
    // Nothing unlocks it for this viewer: «Смотреть» leads to the paywall that sells it.
    await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
    await expect(page).toHaveURL(/\/paywall\/[a-z0-9-]+/);
    await expect(page.getByRole('link', { name: /Выбрать/ }).first()).toBeVisible();
  });

  test('a third device is offered to stop one of the two already watching, and then plays', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const email = `player-${unique()}@example.ru`;
    // A live channel: it never ends (a short clip could finish before the stop reaches it on a busy
    // machine), and a stopped stream learns it at its next playlist, within seconds.
    const channel = `/tv/${await freeChannel(request)}`;
    const watch = async (page: Page) => {
      await page.goto(channel);
      await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
    };
    const devices: Page[] = [];
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext({
        extraHTTPHeaders: { 'cf-connecting-ip': `192.0.2.${1 + Math.floor(Math.random() * 250)}` },
      });
      const page = await context.newPage();
      if (i === 0) await signUpByEmail(page, email, PASSWORD);
      else await signInByEmail(page, email, PASSWORD);
      devices.push(page);
    }
    for (const page of devices.slice(0, 2)) {
      await watch(page);
      await playsPast(page);
    }
    const third = devices[2]!;
    await watch(third);
    const dialog = third.getByRole('dialog', {
      name: 'Смотреть одновременно можно на двух устройствах',
    });
    // The player's island, hls.js and the playback answer come first: beside a second full run
    // the third device still showed «Загрузка видео» after 10 s.
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    const stops = dialog.getByRole('button', { name: /^Остановить/ });
    await expect(stops).toHaveCount(2);
    await expect(stops.first()).toBeFocused();
    await stops.first().click();
    await expect(dialog).toBeHidden();
    await playsPast(third);
    // The device whose stream was stopped learns it at its next playlist (or heartbeat).
    const stopped = devices
      .slice(0, 2)
      .map((page) => player(page).getByText('Просмотр остановлен на другом устройстве'));
    await expect
      .poll(
        async () => (await Promise.all(stopped.map((s) => s.count()))).reduce((a, b) => a + b),
        { timeout: 30_000 },
      )
      .toBe(1);
    for (const page of devices) await page.context().close();
  });

  test('a live stream stopped from another device stops at its next playlist, without waiting for a heartbeat', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signUpByEmail(page, `live-stop-${unique()}@example.ru`, PASSWORD);
    await page.goto(`/tv/${await freeChannel(request)}`);
    await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
    await playsPast(page);
    // The account's other device ends this stream (as the simultaneous-playback popup does).
    const own = page.context().request;
    const streams = (await (await own.get('/cms/content_experience/streams/')).json()) as {
      results: { id: string }[];
    };
    expect(streams.results).toHaveLength(1);
    const stopped = await own.delete(`/cms/content_experience/streams/${streams.results[0]!.id}/`, {
      headers: { origin: baseURL! },
    });
    expect(stopped.status()).toBe(204);
    // A live playlist is fetched every couple of seconds; the heartbeat would take up to 30 s.
    await expect(player(page).getByText('Просмотр остановлен на другом устройстве')).toBeVisible({
      timeout: 20_000,
    });
    expect(await media(page)).toMatchObject({ paused: true });
  });

  test('a live channel plays at the edge, follows the clock, and goes back to the edge from the DVR window', async ({
    page,
    request,
  }) => {
    await page.goto(`/tv/${await freeChannel(request)}`);
    await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
    await playsPast(page);
    const live = player(page);
    await expect(live.getByText('В эфире', { exact: true })).toBeVisible();
    const first = await media(page);
    expect(first.behindClock).not.toBeNull();
    expect(first.behindClock!).toBeGreaterThan(-5_000);
    expect(first.behindClock!).toBeLessThan(60_000);
    // Two seconds of the stream later, the programme time has moved exactly as far: the picture is
    // the channel's programme of that moment. Measured in the stream's own time, so a stall on a
    // busy machine (the clock runs on, the picture waits) does not count against it.
    await expect
      .poll(async () => (await media(page)).time - first.time, { timeout: 20_000 })
      .toBeGreaterThan(2);
    const later = await media(page);
    const played = (later.time - first.time) * 1000;
    expect(Math.abs(later.programmeDate! - first.programmeDate! - played)).toBeLessThan(500);
    expect(later.behindClock!).toBeLessThan(60_000);

    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    const toLive = live.getByRole('button', { name: 'К эфиру' });
    await expect(toLive).toBeVisible();
    await toLive.click();
    await expect(live.getByText('В эфире', { exact: true })).toBeVisible();
  });

  test('a live channel’s first play in a fresh browser starts at 480p or better in a wide player', async ({
    page,
    request,
  }) => {
    // Nothing remembered from an earlier play: the page's files and the browser's own estimate
    // decide (start-level.ts), as for a first visit to the TV guide.
    const segments: number[] = [];
    page.on('request', (r) => {
      const rendition = /\/live\/[^/]+\/v(\d+)\/[^/]*\.(?:ts|m4s|mp4)(?:\?|$)/.exec(r.url());
      if (rendition) segments.push(Number(rendition[1]));
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/tv/${await freeChannel(request)}`);
    await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
    await playsPast(page, 0.5);
    const width = await page.locator('video').evaluate((v) => v.clientWidth);
    expect(width).toBeGreaterThan(1024);
    expect(segments[0]).toBeGreaterThanOrEqual(480);
  });

  test('a channel of the /tv list plays in the player at the top of the page', async ({ page }) => {
    await page.goto('/tv');
    await page.locator('.channel a[data-play]').first().click();
    await playsPast(page);
    await expect(page).toHaveURL(/\/tv$/);
  });

  test('axe finds nothing serious on the player with a menu open', async ({ page, request }) => {
    await page.goto(`/watch/${await firstOf(request, 'trailers')}?play=1`);
    await playsPast(page);
    await player(page).getByRole('button', { name: 'Качество' }).click();
    const { violations } = await axe(page).include('#player').analyze();
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});
