import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInByEmail } from './support/accounts.ts';

// Its own client address: sign-ins here must not spend the allowance other files share.
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': '203.0.113.65' } });

/** Our own Russian message under a field: visible, named by the field's aria-describedby. */
async function expectMessage(
  page: Page,
  label: string,
  message: string,
  scope: Locator = page.locator('main'),
) {
  const field = scope.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(texts).toContain(message);
  await expect(scope.getByText(message, { exact: true })).toBeVisible();
}

test.describe('forms speak Russian next to the field', () => {
  test('sign-up with empty fields: messages under them, focus on the first, no browser bubble', async ({
    page,
  }) => {
    // The form is `novalidate` (tests/pages/forms.test.ts): the island says what is wrong.
    await page.goto('/auth?step=signup');
    // Once the island is live (before it, the server checks the form and answers the same words).
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await expectMessage(page, 'E-mail', 'Укажите e-mail');
    await expectMessage(page, 'Пароль', 'Укажите пароль');
    await expect(page.getByLabel('E-mail', { exact: true })).toBeFocused();
    await expect(page).toHaveURL(/step=signup$/);

    // A short password is named as such; typing a valid e-mail takes its message away.
    await page.getByLabel('E-mail', { exact: true }).fill('viewer@example.ru');
    await expect(page.getByText('Укажите e-mail', { exact: true })).toHaveCount(0);
    await page.getByLabel('Пароль', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Получить код' }).click();
    await expectMessage(page, 'Пароль', 'Пароль должен быть не короче 8 символов');
    await expect(page.getByLabel('Пароль', { exact: true })).toBeFocused();
  });

  test('the support form on a page says what is missing under the field', async ({ page }) => {
    await signInByEmail(page, 'viewer@demo.amediateka.example', 'smotrim-demo');
    await page.goto('/settings/support');
    const form = page.locator('main form.support-form');
    await form.getByRole('button', { name: 'Отправить' }).click();
    await expectMessage(page, 'Сообщение', 'Укажите сообщение');
    await expect(form.getByLabel('Сообщение', { exact: true })).toBeFocused();
    await expect(page).toHaveURL(/\/settings\/support$/);
  });
});

test.describe('controls', () => {
  test('a checkbox of our own look toggles with Space', async ({ page }) => {
    await signInByEmail(page, 'subscriber@demo.amediateka.example', 'smotrim-demo');
    await page.goto('/settings/profiles');
    await page.getByRole('button', { name: 'Добавить профиль' }).click();
    const kid = page.getByRole('checkbox', { name: /Детский профиль/ });
    expect(await kid.evaluate((el) => getComputedStyle(el).appearance)).toBe('none');
    const before = await kid.isChecked();
    await kid.focus();
    await page.keyboard.press('Space');
    expect(await kid.isChecked()).toBe(!before);
    await page.keyboard.press('Space');
    expect(await kid.isChecked()).toBe(before);
  });

  test('the support dialog takes focus to its first field and gives it back on close', async ({
    page,
  }) => {
    await page.goto('/faq');
    const opener = page.getByRole('button', { name: 'Поддержка' });
    await opener.click();
    await expect(
      page.getByRole('dialog', { name: 'Напишите нам' }).getByLabel('Тема'),
    ).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(opener).toBeFocused();
  });

  test('the focus ring stands out 3:1 from the page and from the cards', async ({ page }) => {
    await page.goto('/faq');
    await page.keyboard.press('Tab');
    const ratios = await page.evaluate(() => {
      const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (css: string) => {
        const [r, g, b] = rgb(css).map((v) => {
          const c = v / 255;
          return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const ratio = (a: string, b: string) => {
        const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
        return (hi! + 0.05) / (lo! + 0.05);
      };
      const ring = getComputedStyle(document.activeElement!).outlineColor;
      const probe = document.createElement('div');
      document.body.appendChild(probe);
      const colour = (value: string) => {
        probe.style.color = value;
        return getComputedStyle(probe).color;
      };
      const surfaces = ['var(--bg)', 'var(--surface)', 'var(--surface-2)'].map(colour);
      probe.remove();
      return surfaces.map((surface) => ratio(ring, surface));
    });
    for (const r of ratios) expect(r).toBeGreaterThanOrEqual(3);
  });
});

test.describe('settings on a phone', () => {
  test('the settings menu is one row that scrolls sideways at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInByEmail(page, 'subscriber@demo.amediateka.example', 'smotrim-demo');
    await page.goto('/settings');
    const items = page.getByRole('navigation', { name: 'Настройки' }).getByRole('listitem');
    const tops = await items.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    // Every section of an adult who may pay (src/components/settings/SettingsLayout.astro).
    expect(tops.length).toBe(10);
    expect(new Set(tops).size).toBe(1);
    const list = page.getByRole('navigation', { name: 'Настройки' }).getByRole('list');
    const scrolls = await list.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(scrolls).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});

test('a profile dialog of the settings says in Russian that the name is missing', async ({
  page,
}) => {
  await signInByEmail(page, 'subscriber@demo.amediateka.example', 'smotrim-demo');
  await page.goto('/settings/profiles');
  await page.getByRole('button', { name: 'Добавить профиль' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('form')).toHaveAttribute('novalidate', '');
  await dialog.getByLabel('Имя профиля').fill('');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await expectMessage(page, 'Имя профиля', 'Укажите имя', dialog);
  await expect(dialog.getByLabel('Имя профиля')).toBeFocused();
});
