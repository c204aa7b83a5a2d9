import { describe, expect, it } from 'vitest';
import {
  describe as describeTitle,
  episodeDescription,
} from '../db/seed/catalogue/descriptions.ts';
import { rng } from '../db/seed/catalogue/rng.ts';
import { techPageSeed } from '../db/seed/tech-pages.ts';
import { typeset, typesetAlways, typesetDeep } from './typeset.ts';

const NBSP = '\u00a0';

describe('the typographic step', () => {
  it('keeps one- and two-letter words with the next word', () => {
    expect(typeset('Я люблю кино и сериалы в HD')).toBe(
      `Я${NBSP}люблю кино и${NBSP}сериалы в${NBSP}HD`,
    );
  });

  it('keeps numbers with their units and initials together', () => {
    expect(typeset('Доступ на 48 часов, А.С. Пушкин')).toBe(
      `Доступ на${NBSP}48${NBSP}часов, А.${NBSP}С.${NBSP}Пушкин`,
    );
  });

  it('sets em dashes between words, en dashes in ranges and «ёлочки»', () => {
    expect(typeset('Это "Кино" - и точка, 2020-2024, 7-90')).toBe(
      `Это «Кино»${NBSP}— и${NBSP}точка, 2020–2024, 7–90`,
    );
  });

  it('does not split phone numbers', () => {
    expect(typeset('+7 (495) 123-45-67')).toBe(`+7${NBSP}(495)${NBSP}123-45-67`);
  });

  it('leaves a web address as it is (a random token can hold «1-5» or «...») and typesets around it', () => {
    const link = 'https://example.ru/gifts?giftToken=2KLohI1-5zt...Kt_fbs';
    const out = typeset(`Откройте ссылку - ${link} за 5-10 минут`);
    expect(out).toContain(` ${link} `);
    expect(out).toContain(`ссылку${NBSP}—`);
    expect(out).toContain('5–10');
  });

  it('keeps the spaces at the edges and is idempotent', () => {
    const once = typeset(' Пишите в ');
    expect(once).toBe(` Пишите в${NBSP}`);
    expect(typeset(once)).toBe(once);
    const text =
      'Подписку можно заморозить на срок от 7 до 90 дней - подробности в разделе "Право".';
    expect(typeset(typeset(text))).toBe(typeset(text));
  });

  it('typesets every string of a record and nothing else', () => {
    expect(typesetDeep({ title: 'Я и ты', year: 2020, tags: ['а то'] })).toEqual({
      title: `Я${NBSP}и${NBSP}ты`,
      year: 2020,
      tags: [`а${NBSP}то`],
    });
  });
});

describe('the quick check in front of typograf', () => {
  it('never skips a text that the step would change', () => {
    const r = rng('typeset-corpus');
    const corpus = [
      ...JSON.stringify(techPageSeed)
        .match(/"(?:[^"\\]|\\.)*"/g)!
        .map((s) => JSON.parse(s)),
      ...Array.from({ length: 150 }, () => describeTitle(r, 'movie')),
      ...Array.from({ length: 150 }, () => describeTitle(r, 'kids')),
      ...Array.from({ length: 150 }, () => episodeDescription(r)),
      'Когда же он придёт',
      'и т.д. и т.п.',
      'Москва...',
      'кто - то',
      'Тариф на 12 мес',
    ] as string[];
    const skipped = corpus.filter((text) => typeset(text) !== typesetAlways(text));
    expect(skipped).toEqual([]);
  });
});
