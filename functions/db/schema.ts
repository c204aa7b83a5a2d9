import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Remote feature flags (spec section 3 and 7): changed in the database, seen without a deploy. */
export const featureFlags = sqliteTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(false),
  description: text('description').notNull().default(''),
  updatedAt: integer('updated_at').notNull().default(sql`(unixepoch())`),
});

/** CMS tech pages (faq, contact): a title, a lead and ordered sections of questions or blocks. */
export const techPages = sqliteTable('tech_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  lead: text('lead').notNull().default(''),
  /** JSON array of { heading, items: [{ title, body }] } */
  sections: text('sections', { mode: 'json' }).notNull().$type<unknown[]>(),
  updatedAt: integer('updated_at').notNull().default(sql`(unixepoch())`),
});

/** CMS "seo texts": per-path overrides of title, description, noindex and structured data. */
export const seoTexts = sqliteTable(
  'seo_texts',
  {
    path: text('path').primaryKey(),
    title: text('title'),
    description: text('description'),
    noindex: integer('noindex', { mode: 'boolean' }).notNull().default(false),
    /** JSON array of at most three JSON-LD objects. */
    jsonLd: text('json_ld', { mode: 'json' })
      .notNull()
      .$type<Record<string, unknown>[]>()
      .default(sql`'[]'`),
    updatedAt: integer('updated_at').notNull().default(sql`(unixepoch())`),
  },
  (t) => [check('seo_texts_json_ld_max_3', sql`json_array_length(${t.jsonLd}) <= 3`)],
);
