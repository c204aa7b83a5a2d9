import type { Page, Visitor } from './visitor.ts';
import { words } from './visitor.ts';

/** Where to look: a document or an element (anything with querySelector). */
type Root = Pick<ParentNode, 'querySelector' | 'querySelectorAll'>;

/**
 * A browser tab without JavaScript, on top of a Visitor: it keeps the address it is on, follows
 * redirects as a browser does, and fills and sends the page's plain HTML forms (url-encoded, the
 * fields a browser would send, the pressed button's name and value among them).
 * @example
 * const tab = new Tab(new Visitor());
 * await tab.goto('/auth?step=signin');
 * fill(labelled(tab.page.document, 'E-mail'), 'anna@example.ru');
 * await tab.submit(button(tab.page.document, 'Войти'));
 */
export class Tab {
  /** The address of the page on screen (path and query). */
  url = '/';
  page!: Page;
  /** The statuses and addresses a navigation went through, the last one on screen. */
  hops: { status: number; url: string }[] = [];

  constructor(readonly visitor: Visitor) {}

  /** Opens an address and follows its redirects. */
  goto(path: string, init: RequestInit = {}): Promise<Page> {
    return this.navigate(path, init);
  }

  /** Sends the form `control` belongs to, pressed by `control` when it is a button. */
  submit(control: Element): Promise<Page> {
    const form = control.closest('form');
    if (!form) throw new Error('not inside a form');
    const submitter = /^(button|input)$/i.test(control.tagName) ? control : null;
    const method = (form.getAttribute('method') ?? 'get').toLowerCase();
    const target = new URL(form.getAttribute('action') || this.url, `http://tab${this.url}`);
    const body = formData(form, submitter);
    if (method !== 'post') {
      target.search = body.toString();
      return this.navigate(target.pathname + target.search);
    }
    return this.navigate(target.pathname + target.search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
  }

  /** Follows a link as a click would. */
  follow(link: Element | undefined): Promise<Page> {
    const href = link?.getAttribute('href');
    if (href == null) throw new Error('no link to follow');
    const url = new URL(href, `http://tab${this.url}`);
    return this.navigate(url.pathname + url.search);
  }

  private async navigate(path: string, init: RequestInit = {}): Promise<Page> {
    this.hops = [];
    let next = path;
    let request = init;
    for (let hop = 0; hop < 10; hop++) {
      const page = await this.visitor.open(next, request);
      this.hops.push({ status: page.status, url: next });
      const location = page.headers.get('location');
      if (page.status >= 300 && page.status < 400 && location) {
        const url = new URL(location, `http://tab${next}`);
        next = url.pathname + url.search;
        request = {};
        continue;
      }
      this.url = next;
      this.page = page;
      return page;
    }
    throw new Error(`too many redirects from ${path}`);
  }
}

/** The fields a browser sends for this form: named, enabled, checked if a box, the submitter's. */
export function formData(form: Element, submitter: Element | null = null): URLSearchParams {
  const body = new URLSearchParams();
  for (const el of form.querySelectorAll('input, select, textarea, button')) {
    const name = attr(el, 'name');
    if (!name || attr(el, 'disabled') !== null) continue;
    const tag = el.tagName.toLowerCase();
    const type = (attr(el, 'type') ?? (tag === 'button' ? 'submit' : 'text')).toLowerCase();
    if (tag === 'button' || ['submit', 'image', 'reset', 'button'].includes(type)) {
      if (el === submitter) body.append(name, attr(el, 'value') ?? '');
      continue;
    }
    if ((type === 'checkbox' || type === 'radio') && attr(el, 'checked') === null) continue;
    if (tag === 'textarea') body.append(name, el.textContent ?? '');
    else if (tag === 'select') {
      const option = el.querySelector('option[selected]') ?? el.querySelector('option');
      body.append(name, attr(option, 'value') ?? words(option));
    } else body.append(name, attr(el, 'value') ?? (type === 'checkbox' ? 'on' : ''));
  }
  return body;
}

/** Types into a field (what it held before is replaced). */
export function fill(control: Element | undefined, value: string): void {
  if (!control) throw new Error(`no field to fill with ${value}`);
  if (control.tagName.toLowerCase() === 'textarea') control.textContent = value;
  else control.setAttribute('value', value);
}

/** Ticks a box or picks a radio (the others of its group in the form go off). */
export function check(control: Element | undefined): void {
  if (!control) throw new Error('no box to tick');
  const name = control.getAttribute('name');
  if (control.getAttribute('type') === 'radio' && name)
    for (const other of control.closest('form')?.querySelectorAll('input[type="radio"]') ?? [])
      if (other.getAttribute('name') === name) other.removeAttribute('checked');
  control.setAttribute('checked', '');
}

const matches = (text: string, name: string | RegExp) =>
  typeof name === 'string' ? text === name : name.test(text);
const spaced = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

/** An element's accessible name: aria-label, then aria-labelledby, then its words. */
export function accessibleName(el: Element): string {
  const label = el.getAttribute('aria-label');
  if (label) return spaced(label);
  const by = el.getAttribute('aria-labelledby');
  const doc = el.ownerDocument;
  if (by && doc)
    return spaced(
      by
        .split(/\s+/)
        .map((id) => doc.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
  return words(el);
}

/** The form control a label names, as `getByLabel(name, { exact: true })` finds it. */
export function labelled(root: Root, name: string | RegExp): Element | undefined {
  const doc = 'getElementById' in root ? (root as Document) : (root as Element).ownerDocument;
  for (const label of root.querySelectorAll('label')) {
    if (!matches(words(label), name)) continue;
    const id = label.getAttribute('for');
    const control = id ? doc?.getElementById(id) : label.querySelector('input, select, textarea');
    if (control) return control;
  }
  return [...root.querySelectorAll('input, select, textarea')].find((el) =>
    matches(spaced(el.getAttribute('aria-label')), name),
  );
}

/** Elements of a role by their accessible name (a string is the whole name, a RegExp a part). */
const byRole = (root: Root, selector: string, name?: string | RegExp) =>
  [...root.querySelectorAll(selector)].filter(
    (el) => name === undefined || matches(accessibleName(el), name),
  );

export const buttons = (root: Root, name?: string | RegExp) =>
  byRole(root, 'button, input[type="submit"], input[type="button"], [role="button"]', name).filter(
    (el) => el.tagName.toLowerCase() !== 'input' || el.getAttribute('type') !== 'hidden',
  );
export const button = (root: Root, name: string | RegExp) => buttons(root, name)[0];
export const links = (root: Root, name?: string | RegExp) => byRole(root, 'a[href]', name);
export const link = (root: Root, name: string | RegExp) => links(root, name)[0];
export const headings = (root: Root, name?: string | RegExp, level?: number) =>
  byRole(root, level ? `h${level}` : 'h1, h2, h3, h4, h5, h6', name);
/** A named landmark region: a section (or role=region) with an accessible name. */
export const region = (root: Root, name: string | RegExp) =>
  byRole(root, 'section[aria-label], section[aria-labelledby], [role="region"]', name)[0];
/** The dialogs on show (`<dialog open>`, role dialog or alertdialog), by accessible name. */
export const dialogs = (root: Root, name?: string | RegExp, role = 'dialog') =>
  byRole(
    root,
    role === 'dialog' ? 'dialog:not([role]), [role="dialog"]' : `[role="${role}"]`,
    name,
  ).filter(shown);
export const dialog = (root: Root, name: string | RegExp, role = 'dialog') =>
  dialogs(root, name, role)[0];

interface Message {
  to: string;
  subject: string | null;
  text: string;
  purpose: string;
  createdAt: string;
}

/** Messages the outbox holds for `to` (newest first), of one purpose if given. */
export async function outboxFor(
  visitor: Visitor,
  to: string,
  { purpose, since }: { purpose?: string; since?: Date } = {},
): Promise<Message[]> {
  const res = await visitor.fetch(`/dev/api/outbox/?to=${encodeURIComponent(to)}&limit=50`);
  const { results } = (await res.json()) as { results: Message[] };
  return results.filter(
    (m) =>
      (!purpose || m.purpose === purpose) && (!since || Date.parse(m.createdAt) >= since.getTime()),
  );
}

/** The six-digit code of the newest message to `to`, as the viewer reads it. */
export async function latestCode(
  visitor: Visitor,
  to: string,
  query: { purpose?: string; since?: Date } = {},
): Promise<string> {
  for (const m of await outboxFor(visitor, to, query)) {
    const code = /(?<!\d)\d{6}(?!\d)/.exec(m.text)?.[0];
    if (code) return code;
  }
  throw new Error(`no six-digit code in the outbox for ${to}`);
}

/**
 * An attribute as a browser reads it: HTML attribute names are case-insensitive, and React writes
 * some in camel case (`autoComplete`, `noValidate`), which linkedom keeps as written.
 */
export function attr(el: Element | undefined | null, name: string): string | null {
  for (const a of el?.attributes ?? []) if (a.name.toLowerCase() === name) return a.value;
  return null;
}

/**
 * Not hidden by the markup, on it or an ancestor: no `hidden`, no closed `<dialog>`, no popover
 * (closed until a script opens it). What a browser could show before any script runs.
 */
export function shown(el: Element): boolean {
  for (let at: Element | null = el; at; at = at.parentElement) {
    if (at.hasAttribute('hidden') || at.hasAttribute('popover')) return false;
    if (at.tagName.toLowerCase() === 'dialog' && !at.hasAttribute('open')) return false;
  }
  return true;
}

/** The words of every shown element the selector finds (the page's alerts, its statuses…). */
export const shownTexts = (root: Root, selector: string) =>
  [...root.querySelectorAll(selector)].filter(shown).map((el) => words(el));
