import { OPERATOR } from '../../../functions/shared/site.ts';

export { OPERATOR };
/** An info page: text blocks are paragraphs or lists; rendered by components/info/InfoPage.astro. */
export type ListItem = string | { text: string; href: string };
export type Block =
  | string
  | { list: ListItem[]; ordered?: boolean }
  | { table: { head: string[]; rows: string[][] } };

export interface InfoSection {
  id: string;
  heading: string;
  blocks: Block[];
}

export interface InfoDoc {
  path: string;
  title: string;
  description: string;
  /** "Редакция от …" line, for legal documents. */
  revision?: string;
  /**
   * When the text last changed (W3C date, the sitemap's `lastmod`): the revision's date for a legal
   * document, else the day its text was last edited. Changed with the text.
   */
  revisedOn: string;
  lead?: string;
  sections: InfoSection[];
}

/** The fictional operator of the service, named the same way on every legal page. */

export const REVISION = 'Редакция от 1 ноября 2026 г.';
/** REVISION's date, as a W3C date. */
export const REVISED_ON = '2026-11-01';
