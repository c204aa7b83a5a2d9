/**
 * Test-only: applies the migrations (vitest.config.ts reads them) to an empty D1 in one batch, one
 * round trip instead of one per migration, recording them as wrangler does in `d1_migrations`.
 */
export async function applyMigrations(
  db: D1Database,
  migrations: import('cloudflare:test').D1Migration[],
): Promise<void> {
  await db.batch([
    ...migrations.flatMap((m) => m.queries.map((q) => db.prepare(q))),
    db.prepare(
      'CREATE TABLE d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)',
    ),
    ...migrations.map((m) =>
      db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(m.name),
    ),
  ]);
}
