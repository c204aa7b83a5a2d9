import { expect, test } from '@playwright/test';

test('a guest in Russia sees the CIS sections in the top navigation but not favourites', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'RU' });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Разделы' });
  await expect(nav.getByRole('link')).toHaveText(['Сериалы', 'Фильмы', 'HBO Max', 'DAZN', 'Paramount+', 'Детям', 'Коллекции', 'ТВ', 'Кино1ТВ']);
});

test('a guest outside the CIS does not see Paramount+ and Детям', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'DE' });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Разделы' });
  await expect(nav.getByRole('link')).toHaveText(['Сериалы', 'Фильмы', 'HBO Max', 'DAZN', 'Коллекции', 'ТВ', 'Кино1ТВ']);
});
