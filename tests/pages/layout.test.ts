import { describe, expect, it } from 'vitest';
import { loosely } from './support/html-form.ts';
import { textsOf, Visitor, words } from './support/visitor.ts';

const TOP_NAV = 'nav[aria-label="Разделы"] a';
const ACCOUNT_MENU = '.account-menu__list a';
/** How many «Войти» links the page has (counts, not nodes: vitest cannot print a parsed node). */
const signInLinks = (document: Document) =>
  [...document.querySelectorAll('a')].filter((a) => words(a) === 'Войти').length;

describe('top navigation', () => {
  it('a guest in Russia sees the CIS sections but not favourites', async () => {
    const page = await new Visitor({ country: 'RU' }).open('/');
    expect(textsOf(page.document, TOP_NAV)).toEqual([
      'Сериалы',
      'Фильмы',
      'HBO Max',
      'DAZN',
      'Paramount+',
      'Детям',
      'Коллекции',
      'ТВ',
      'Кино1ТВ',
    ]);
  });

  it('a guest outside the CIS does not see Paramount+ and Детям', async () => {
    const page = await new Visitor({ country: 'DE' }).open('/');
    expect(textsOf(page.document, TOP_NAV)).toEqual([
      'Сериалы',
      'Фильмы',
      'HBO Max',
      'DAZN',
      'Коллекции',
      'ТВ',
      'Кино1ТВ',
    ]);
  });

  it('a signed-in viewer in Kazakhstan sees favourites in the menu and in the account menu', async () => {
    const page = await (await new Visitor({ country: 'KZ' }).holdToken()).open('/');
    expect(textsOf(page.document, TOP_NAV).at(-1)).toBe('Избранное');
    expect(signInLinks(page.document)).toBe(0);
    expect(words(page.document.querySelector('.account-menu summary'))).toContain('Меню аккаунта');
    expect(textsOf(page.document, ACCOUNT_MENU)).toEqual([
      'Избранное',
      'История просмотра',
      'Настройки',
      'Профили',
    ]);
  });

  it('a signed-in viewer outside the CIS keeps favourites on top but the account menu drops the CIS-only items', async () => {
    const page = await (await new Visitor({ country: 'FR' }).holdToken()).open('/');
    expect(textsOf(page.document, TOP_NAV).at(-1)).toBe('Избранное');
    expect(textsOf(page.document, ACCOUNT_MENU)).toEqual(['Настройки', 'Профили']);
  });

  it('a token without the hash field is a guest', async () => {
    const page = await (await new Visitor().holdToken({ hash: undefined })).open('/');
    expect(signInLinks(page.document)).toBe(1);
    expect(textsOf(page.document, TOP_NAV).filter((t) => loosely('Избранное').test(t))).toEqual([]);
  });

  it('marks the current section for screen readers', async () => {
    const page = await new Visitor().open('/series');
    const current = [...page.document.querySelectorAll(TOP_NAV)].filter(
      (a) => a.getAttribute('aria-current') === 'page',
    );
    expect(current.map((a) => words(a))).toEqual(['Сериалы']);
  });
});

describe('footer', () => {
  // Its items: links, and «Поддержка», which opens the support popup (a button) where it runs.
  const footerNav = (name: string) => `footer nav[aria-label="${name}"] :is(a, button)`;
  const linkNamed = (document: Document, name: RegExp) =>
    [...document.querySelectorAll('footer a')].find((a) =>
      name.test(`${words(a)} ${a.getAttribute('aria-label') ?? ''}`),
    );

  it('shows menu 1, menu 2 in its mobile order, social links and app badges in the CIS', async () => {
    const { document } = await new Visitor({ country: 'BY' }).open('/');
    expect(textsOf(document, footerNav('Моё'))).toEqual([
      'Избранное',
      'История просмотра',
      'Поиск',
    ]);
    const info = textsOf(document, footerNav('Информация'));
    expect(info.slice(0, 3)).toEqual(['Контакты', 'Вопросы и ответы', 'Поддержка']);
    expect(info[3]).toMatch(/Партнёрская программа/);
    expect(info.slice(4, 6)).toEqual(['Правовая информация', 'Рекомендательные технологии']);
    expect(info[6]).toMatch(/Блог/);
    expect(info).toHaveLength(7);
    // docs/product.md, «Screens and routes»: the blog is an external link.
    expect(linkNamed(document, /Блог/)?.getAttribute('href')).toMatch(/^https:\/\//);
    for (const name of ['Telegram', 'ВКонтакте', 'YouTube', 'Дзен'])
      expect(linkNamed(document, new RegExp(name))?.getAttribute('href'), name).toMatch(
        /^https:\/\//,
      );
    for (const name of ['App Store', 'Google Play', 'AppGallery', 'RuStore'])
      expect(linkNamed(document, new RegExp(name))?.getAttribute('target'), name).toBe('_blank');
    expect(linkNamed(document, /^Smart TV/)?.getAttribute('href')).toBe('/big-screen');
  });

  it('outside the CIS menu 1 keeps only search', async () => {
    const { document } = await new Visitor({ country: 'US' }).open('/');
    expect(textsOf(document, footerNav('Моё'))).toEqual(['Поиск']);
  });
});

describe('page statuses', () => {
  it('an unknown address answers 404 with the not-found screen and the layout', async () => {
    for (const path of ['/no-such-page', '/404']) {
      const page = await new Visitor().open(path);
      expect(page.status, path).toBe(404);
      expect(textsOf(page.document, 'h1'), path).toEqual(['Страница не найдена']);
      expect(textsOf(page.document, TOP_NAV)[0], path).toBe('Сериалы');
    }
  });

  it('the forbidden screen answers 403', async () => {
    const page = await new Visitor().open('/403');
    expect(page.status).toBe(403);
    expect(textsOf(page.document, 'h1')).toEqual(['Нет доступа']);
  });

  it('a render error shows the fallback screen with status 500, not a blank page', async () => {
    const page = await new Visitor().open('/dev/render-error');
    expect(page.status).toBe(500);
    expect(textsOf(page.document, 'h1')).toEqual(['Что-то пошло не так']);
    expect(
      [...page.document.querySelectorAll('a')].some(
        (a) => words(a) === 'На главную' && a.getAttribute('href') === '/',
      ),
    ).toBe(true);
  });

  it('unknown content on the watch route answers 404 with the missing-content popup, its way out focused first', async () => {
    const page = await new Visitor().open('/watch/does-not-exist');
    expect(page.status).toBe(404);
    const dialog = [...page.document.querySelectorAll('[role="dialog"], dialog')].find(
      (d) =>
        words(
          page.document.getElementById(d.getAttribute('aria-labelledby') ?? '') ?? undefined,
        ) === 'Контент временно недоступен',
    );
    expect(dialog === undefined ? 'no such dialog' : 'found').toBe('found');
    expect(words(dialog)).toContain(
      'По загадочным причинам мы не можем найти контент, попробуйте вернуться позднее',
    );
    const home = [...dialog!.querySelectorAll('a')].find((a) => words(a) === 'На главную');
    expect(home?.hasAttribute('autofocus')).toBe(true);
  });
});

it('/get-ip shows the visitor IP, country, region and country group', async () => {
  const { document } = await new Visitor({ country: 'UZ', ip: '203.0.113.9' }).open('/get-ip');
  const testId = (id: string) => words(document.querySelector(`[data-testid="${id}"]`));
  expect(testId('ip')).toBe('203.0.113.9');
  expect(testId('country')).toBe('UZ');
  expect(testId('group')).toBe('UZ (СНГ)');
});

it('a new browser gets a device id cookie for a year', async () => {
  const page = await new Visitor().open('/');
  const cookie = page.headers.getSetCookie().find((c) => c.startsWith('device_id='));
  expect(cookie).toMatch(
    /^device_id=[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12};/,
  );
  const maxAge = Number(/max-age=(\d+)/i.exec(cookie!)?.[1]);
  expect(maxAge).toBeGreaterThan(364 * 86400);
});

it('a page that sets a cookie (a first visit) stays private, and pages vary by cookie and country, so no shared cache mixes regions or sessions', async () => {
  const { headers } = await new Visitor().open('/series');
  expect(headers.getSetCookie().join('\n')).toContain('device_id=');
  expect(headers.get('cache-control')).toBe('private, no-cache');
  expect(headers.get('vary')).toMatch(/Cookie/);
  expect(headers.get('vary')).toMatch(/CF-IPCountry/);
  expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
});

it('a viewer signed up through the API sees the signed-in header', async () => {
  const viewer = new Visitor();
  await viewer.signUp();
  const page = await viewer.open('/');
  expect(page.document.querySelectorAll('.account-menu').length).toBe(1);
});
