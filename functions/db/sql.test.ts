import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { batch } from './run.ts';
import { and, rows, sql, where } from './sql.ts';

describe('SQL fragments', () => {
  it('binds every value, joins only the conditions given, and reads each batch item', async () => {
    const d = env.DB;
    const tricky = "x' OR 1=1 --";
    const filter = (name?: string, enabled?: boolean) =>
      where(
        name !== undefined && sql`name = ${name}`,
        enabled !== undefined && sql`enabled = ${enabled ? 1 : 0}`,
      );
    const select = (q: ReturnType<typeof filter>) =>
      rows(
        d,
        sql`SELECT name FROM (SELECT 'a' AS name, 1 AS enabled UNION ALL SELECT 'b', 0) ${q} ORDER BY name`,
      );
    const [all, none, one, b] = await batch(d, [
      select(filter()),
      select(filter(tricky)),
      select(filter(undefined, true)),
      select(filter('b', false)),
    ]);
    expect(all).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(none).toEqual([]);
    expect(one).toEqual([{ name: 'a' }]);
    expect(b).toEqual([{ name: 'b' }]);
    expect(and(undefined, false).text).toBe('');
    // The joined conditions stay one condition next to other operators.
    const [negated] = await batch(d, [
      rows(d, sql`SELECT NOT ${and(sql`1 = ${1}`, sql`1 = ${0}`)} AS yes`),
    ]);
    expect(negated).toEqual([{ yes: 1 }]);
    expect(sql`x IN (${[1, 2]}) AND ${and(sql`y = ${3}`)}`).toEqual({
      text: 'x IN (?, ?) AND (y = ?)',
      values: [1, 2, 3],
    });
  });
});
