import { describe, expect, it } from 'vitest';
import { writesData } from './observed-d1.ts';

/**
 * Which statements hand the viewer a D1 bookmark (docs/decisions.md, «The bookmark of a request
 * that wrote»): a statement that may write must count as one, or the viewer's next page could read
 * a replica that has not seen it yet.
 */
describe('a statement writes', () => {
  it.each([
    'INSERT INTO favourites (profile_id, title_id) VALUES (?, ?) RETURNING id',
    'WITH gone AS (SELECT id FROM sessions WHERE expires_at < ?) DELETE FROM sessions WHERE id IN gone',
    '-- keeps the newest\n/* of two devices */ INSERT OR REPLACE INTO watch_progress VALUES (?)',
    'REPLACE INTO flags (name) VALUES (?)',
    'PRAGMA foreign_keys = ON',
    '  update accounts set email = ? where id = ?',
  ])('%s', (sql) => {
    expect(writesData(sql)).toBe(true);
  });
});

describe('a statement only reads', () => {
  it.each([
    'SELECT id FROM titles WHERE id = ?',
    '/* the shelf */ select 1',
    'WITH last_update AS (SELECT max(updated_at) AS at FROM watch_progress) SELECT at FROM last_update',
    "SELECT 'insert' AS word",
    'VALUES (1), (2)',
  ])('%s', (sql) => {
    expect(writesData(sql)).toBe(false);
  });
});
