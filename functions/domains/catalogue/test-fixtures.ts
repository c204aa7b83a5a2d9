import { env } from 'cloudflare:workers';
import { reindexTitlesSql } from '../../db/search-index.ts';
import { BILLING_TABLES } from '../billing/test-fixtures.ts';

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);

/**
 * A small catalogue for Worker tests: 3 genres, 2 countries, 2 studios, 7 titles of every type
 * (one released tomorrow), a series with 2 seasons and 5 episodes, people and products.
 */
export async function loadCatalogueFixture() {
  const statements = [
    // Billing rows name products and titles: they go first (functions/domains/billing/test-fixtures.ts).
    ...BILLING_TABLES.map((t) => `DELETE FROM ${t}`),
    'DELETE FROM titles',
    'DELETE FROM genres',
    'DELETE FROM countries',
    'DELETE FROM studios',
    'DELETE FROM people',
    'DELETE FROM products',
    "INSERT INTO genres (id, slug, name) VALUES (1, 'drama', 'драма'), (2, 'comedy', 'комедия'), (3, 'cartoon', 'мультфильм')",
    "INSERT INTO countries (id, code, name) VALUES (1, 'US', 'США'), (2, 'RU', 'Россия')",
    "INSERT INTO studios (id, slug, name) VALUES (1, 'hbo', 'HBO'), (2, 'a24', 'A24')",
    "INSERT INTO people (id, slug, name, original_name) VALUES (1, 'ivan-petrov', 'Иван Петров', 'Ivan Petrov'), (2, 'anna-li', 'Анна Ли', 'Anna Lee'), (3, 'oleg-ros', 'Олег Рос', 'Oleg Ros')",
    `INSERT INTO titles (id, slug, type, name, original_name, description, year, age_rating, partner, duration_min, rating, popularity, trailer_of, released_at) VALUES
      (1, 'tihiy-gorod', 'series', 'Тихий город', 'Quiet Town', 'Детектив в маленьком городе.', 2024, 16, 'hbo-max', NULL, 8.4, 900, NULL, ${now - 30 * DAY}),
      (2, 'poslednee-leto', 'movie', 'Последнее лето', 'Last Summer', 'Драма о взрослении.', 2019, 12, 'none', 118, 7.1, 500, NULL, ${now - 400 * DAY}),
      (3, 'smeh-do-utra', 'movie', 'Смех до утра', 'Laugh Till Dawn', 'Комедия положений.', 2023, 18, 'none', 95, 6.2, 700, NULL, ${now - 10 * DAY}),
      (4, 'lisenok', 'kids', 'Лисёнок', 'Little Fox', 'Мультфильм для малышей.', 2021, 0, 'none', 70, 7.9, 300, NULL, ${now - 100 * DAY}),
      (5, 'tihiy-gorod-trailer', 'trailer', 'Тихий город — трейлер', '', '', 2024, 16, 'hbo-max', 2, NULL, 50, 1, ${now - 31 * DAY}),
      (6, 'budushchee', 'movie', 'Будущее', 'Future', 'Ещё не вышел.', 2026, 12, 'none', 100, NULL, 999, NULL, ${now + DAY}),
      (7, 'staraya-lenta', 'movie', 'Старая лента', 'Old Reel', 'Классика.', 1975, 6, 'paramount-plus', 90, 8.9, 100, NULL, ${now - 5000 * DAY})`,
    'INSERT INTO title_genres (title_id, genre_id) VALUES (1, 1), (2, 1), (3, 2), (4, 3), (7, 1)',
    'INSERT INTO title_countries (title_id, country_id) VALUES (1, 1), (2, 2), (3, 1), (4, 2), (7, 1)',
    'INSERT INTO title_studios (title_id, studio_id) VALUES (1, 1), (3, 2)',
    "INSERT INTO title_people (title_id, person_id, role, position) VALUES (1, 1, 'actor', 0), (1, 2, 'actor', 1), (1, 3, 'director', 0), (2, 2, 'actor', 0)",
    `INSERT INTO seasons (id, title_id, number, name, year, released_at) VALUES (1, 1, 1, 'Сезон 1', 2024, ${now - 30 * DAY}), (2, 1, 2, 'Сезон 2', 2025, ${now - 5 * DAY})`,
    `INSERT INTO episodes (id, season_id, title_id, number, name, description, duration_min, released_at) VALUES
      (1, 1, 1, 1, 'Приезд', 'Герой приезжает в город.', 52, ${now - 30 * DAY}),
      (2, 1, 1, 2, 'Туман', 'Город окутывает туман.', 48, ${now - 23 * DAY}),
      (3, 1, 1, 3, 'Маяк', 'Тайна старого маяка.', 55, ${now - 16 * DAY}),
      (4, 2, 1, 1, 'Возвращение', 'Прошёл год.', 50, ${now - 5 * DAY}),
      (5, 2, 1, 2, 'Сделка', 'Неожиданный союз.', 47, ${now + 2 * DAY})`,
    "INSERT INTO products (id, slug, name, buy_type, partner) VALUES (1, 'amediateka', 'Амедиатека', 'SVOD', 'none'), (2, 'hbo-max', 'HBO Max', 'SVOD', 'hbo-max'), (3, 'rent', 'Аренда', 'TVOD', 'none')",
    'INSERT INTO title_products (title_id, product_id) VALUES (1, 2), (2, 1), (2, 3), (3, 1), (4, 1), (7, 1)',
    ...reindexTitlesSql(),
    'DELETE FROM showcases',
    'DELETE FROM collections',
    'DELETE FROM page_banners',
    "INSERT INTO collections (id, slug, name, description, position) VALUES (1, 'na-vecher', 'На вечер', 'Фильмы на вечер.', 1), (2, 'pusto', 'Пустая', '', 2)",
    'INSERT INTO collection_items (collection_id, title_id, position) VALUES (1, 3, 1), (1, 2, 2), (1, 6, 3)',
    "INSERT INTO showcases (id, slug, name, kind) VALUES (1, 'main', 'Главная', 'featured'), (2, 'series', 'Сериалы', 'page')",
    `INSERT INTO shelves (id, showcase_id, kind, name, position, collection_id, partner, wide) VALUES
      (1, 1, 'cw', 'Продолжить просмотр', 1, NULL, NULL, 0),
      (2, 1, 'editors', 'На вечер', 2, 1, NULL, 0),
      (3, 1, 'partner', 'HBO Max', 3, NULL, 'hbo-max', 1),
      (4, 1, 'episodes', 'Новые серии', 4, NULL, NULL, 0),
      (5, 1, 'blog', 'Блог', 5, NULL, NULL, 0),
      (6, 1, 'nw', 'Сейчас смотрят', 6, NULL, NULL, 0),
      (7, 2, 'editors', 'Выбор редакции', 1, NULL, NULL, 0)`,
    "INSERT INTO shelf_items (shelf_id, position, title_id, episode_id, headline, url) VALUES (5, 1, NULL, NULL, 'Итоги года', 'https://blog.amediateka.example/itogi'), (7, 1, 1, NULL, NULL, NULL), (7, 2, 3, NULL, NULL, NULL)",
    "INSERT INTO page_banners (id, page, position, title_id, headline, text) VALUES (1, '/', 1, 1, 'Новый сезон', 'Уже здесь'), (2, '/', 2, 3, 'Комедия', ''), (3, '/series', 1, 1, 'Сериал недели', '')",
  ];
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}
