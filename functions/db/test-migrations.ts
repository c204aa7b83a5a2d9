/**
 * Test-only: applies the migrations (vitest.config.ts reads them) to an empty D1 in one batch, one
 * round trip instead of one per migration, recording them as wrangler does in `d1_migrations`;
 * then the development fakes' tables (`devSchema`, functions/dev/schema.sql), as the local stack.
 */
export async function applyMigrations(
  db: D1Database,
  migrations: import('cloudflare:test').D1Migration[],
  devSchema: readonly string[] = [],
): Promise<void> {
  await db.batch([
    ...migrations.flatMap((m) => m.queries.map((q) => db.prepare(q))),
    ...devSchema.map((q) => db.prepare(q)),
    db.prepare(
      'CREATE TABLE d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)',
    ),
    ...migrations.map((m) =>
      db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(m.name),
    ),
  ]);
}

/**
 * Test-only: the local D1 as the migrations leave it, whatever a previous test file left. `reset()`
 * of `cloudflare:test` empties every binding, but a request of the previous file still at work in
 * the background (a late webhook, a cache write) can keep D1's object alive through it: then every
 * row goes (one transaction, foreign keys checked at its end) and the schema stays.
 */
export async function freshD1(
  db: D1Database,
  migrations: import('cloudflare:test').D1Migration[],
  devSchema: readonly string[] = [],
): Promise<void> {
  const { results } = await db
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
       AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'
       AND NOT EXISTS (SELECT 1 FROM sqlite_master v WHERE v.type = 'table'
         AND v.sql LIKE 'CREATE VIRTUAL%' AND sqlite_master.name LIKE v.name || '\\_%' ESCAPE '\\')`,
    )
    .all<{ name: string }>();
  if (results.length === 0) return applyMigrations(db, migrations, devSchema);
  const hasSequence = await db
    .prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'")
    .first();
  await db.batch([
    db.prepare('PRAGMA defer_foreign_keys = ON'),
    ...results.map((t) => db.prepare(`DELETE FROM "${t.name}"`)),
    ...(hasSequence ? [db.prepare('DELETE FROM sqlite_sequence')] : []),
  ]);
}
