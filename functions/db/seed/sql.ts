/** SQL literal for a seed value: strings quoted, booleans as 0/1, objects as JSON text. */
export function lit(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * An idempotent insert: rows that exist are left alone (`DO NOTHING`), so running the seed twice
 * never duplicates data and never undoes a change made in the database since.
 */
export function insertIgnore(table: string, rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]!);
  const values = rows.map((row) => `(${columns.map((c) => lit(row[c])).join(', ')})`).join(',\n  ');
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES\n  ${values}\nON CONFLICT DO NOTHING;\n`;
}
