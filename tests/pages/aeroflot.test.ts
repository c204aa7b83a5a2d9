import { expect, it } from 'vitest';
import { button, fill, labelled, link, Tab } from './support/html-form.ts';
import { textsOf, Visitor, words } from './support/visitor.ts';

/**
 * /settings/aeroflot without JavaScript (docs/product.md, «Money»): the account attaches its
 * Aeroflot Bonus number and surname with the page's form, a refused number stays in the field with the
 * Russian refusal beside it and changes nothing, and the card is detached again. The API's rules
 * are functions/http/aeroflot.test.ts's; a kid profile's refusal is kid-money.test.ts's.
 */

it('an adult attaches an Aeroflot Bonus number on the settings page, is told a wrong one, and detaches it', async () => {
  const visitor = new Visitor();
  await visitor.signUp();
  const tab = new Tab(visitor);
  await tab.goto('/settings');
  await tab.follow(link(tab.page.document, 'Аэрофлот Бонус'));
  expect(tab.url).toBe('/settings/aeroflot');
  expect(textsOf(tab.page.document, 'main h2')[0]).toMatch(/не\sпривязана/);

  fill(labelled(tab.page.document, 'Номер участника'), '1234');
  await tab.submit(button(tab.page.document, 'Привязать'));
  expect(tab.page.status).toBe(422);
  const field = labelled(tab.page.document, 'Номер участника')!;
  expect(field.getAttribute('value')).toBe('1234');
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(words(tab.page.document.querySelector('[role="alert"]')!)).toMatch(
    /^Номер участника «Аэрофлот Бонус» — от 6 до 10 цифр/,
  );
  expect((await visitor.fetch('/billing/aeroflot-card/').then((r) => r.json())) as object).toEqual({
    number: null,
    attached_at: null,
  });

  fill(labelled(tab.page.document, 'Номер участника'), 'SU 1234 5678');
  fill(labelled(tab.page.document, 'Фамилия латиницей'), 'Wrong');
  await tab.submit(button(tab.page.document, 'Привязать'));
  expect(tab.page.status).toBe(422);
  expect(labelled(tab.page.document, 'Фамилия латиницей')!.getAttribute('value')).toBe('Wrong');
  expect(words(tab.page.document.querySelector('[role="alert"]')!)).toBe(
    'Участник «Аэрофлот Бонус» с таким номером и фамилией не найден. Проверьте номер и фамилию',
  );

  fill(labelled(tab.page.document, 'Фамилия латиницей'), 'Ivanova');
  await tab.submit(button(tab.page.document, 'Привязать'));
  expect(tab.url).toBe('/settings/aeroflot?done=attached');
  expect(textsOf(tab.page.document, 'main [role="status"]')).toEqual([
    'Карта привязана: мили будут начисляться за следующие оплаты',
  ]);
  expect(words(tab.page.document.querySelector('main h2')!)).toMatch(/№ 12345678$/);

  await tab.submit(button(tab.page.document, 'Отвязать карту'));
  expect(tab.url).toBe('/settings/aeroflot?done=detached');
  expect(words(tab.page.document.querySelector('main h2')!)).toMatch(/не привязана/);
  expect(textsOf(tab.page.document, 'main [role="status"]')).toEqual(['Карта отвязана']);
});
