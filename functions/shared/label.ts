/**
 * A name shown as a label (a filter, a chip): with a capital letter. Genre names are stored as
 * words of a sentence («драма», «документальный»), which is how the title page's JSON-LD and
 * listings in running text use them.
 * @example asLabel('драма') // 'Драма'
 */
export function asLabel(name: string): string {
  return name.charAt(0).toLocaleUpperCase('ru') + name.slice(1);
}
