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

  /**
   * Presses a submit button, as a click does in a browser without JavaScript: the button's form is
   * sent (to the button's `formaction`/`formmethod` if it has them), the button's name and value
   * among the fields. Anything a click would not send the form with throws: a `type="button"` or
   * reset button, a field, a disabled button (or one in a disabled fieldset) or a hidden one.
   */
  submit(control: Element): Promise<Page> {
    const refusal = whyNotSubmitter(control);
    if (refusal) throw new Error(`pressing ${describeControl(control)} sends no form: ${refusal}`);
    const owner = attr(control, 'form');
    const form = owner
      ? (control.ownerDocument?.getElementById(owner) ?? null)
      : control.closest('form');
    if (form?.tagName.toLowerCase() !== 'form')
      throw new Error(`${describeControl(control)} belongs to no form`);
    const method = (attr(control, 'formmethod') ?? attr(form, 'method') ?? 'get').toLowerCase();
    const action = attr(control, 'formaction') || attr(form, 'action') || this.url;
    const target = new URL(action, `http://tab${this.url}`);
    const body = formData(form, control);
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

/** Why a click on this element would not send its form (null: it would). */
function whyNotSubmitter(el: Element): string | null {
  const tag = el.tagName.toLowerCase();
  const type = (attr(el, 'type') ?? '').toLowerCase();
  if (tag === 'button') {
    // A button's missing or unknown type is «submit».
    if (type === 'button' || type === 'reset') return `it is a type="${type}" button`;
  } else if (tag !== 'input' || !['submit', 'image'].includes(type))
    return 'it is not a submit button';
  if (disabled(el)) return 'it is disabled';
  if (!shown(el)) return 'it is hidden';
  return null;
}

/** Disabled by its own attribute or by a disabled fieldset (outside that fieldset's first legend). */
function disabled(el: Element): boolean {
  if (attr(el, 'disabled') !== null) return true;
  for (let at = el.parentElement; at; at = at.parentElement) {
    if (at.tagName.toLowerCase() !== 'fieldset' || attr(at, 'disabled') === null) continue;
    const legend = [...at.children].find((c) => c.tagName.toLowerCase() === 'legend');
    if (!legend?.contains(el)) return true;
  }
  return false;
}

const describeControl = (el: Element) =>
  `<${el.tagName.toLowerCase()}${attr(el, 'type') ? ` type="${attr(el, 'type')}"` : ''}> «${accessibleName(el)}»`;

/** The fields a browser sends for this form: named, enabled, checked if a box, the submitter's. */
export function formData(form: Element, submitter: Element | null = null): URLSearchParams {
  const body = new URLSearchParams();
  for (const el of form.querySelectorAll('input, select, textarea, button')) {
    const name = attr(el, 'name');
    if (!name || disabled(el)) continue;
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

/**
 * A name as Playwright matches it by default (`getByRole(role, { name })`, `getByLabel(name)`,
 * `filter({ hasText })` without `exact`): anywhere in the text, any case, any run of whitespace.
 * Negative checks use it, so they refuse whatever the browser test refused.
 * @example expect(buttons(document, loosely('Добавить профиль')).length).toBe(0)
 */
export const loosely = (name: string) =>
  new RegExp(
    spaced(name)
      .split(' ')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\s+'),
    'iu',
  );

/**
 * An element's accessible name: aria-labelledby, then aria-label, then what the element itself
 * says (an input button's value, an image input's alt, otherwise its words), then its title.
 */
export function accessibleName(el: Element): string {
  const aria = ariaName(el);
  if (aria) return aria;
  const own =
    el.tagName.toLowerCase() === 'input'
      ? spaced(attr(el, 'type')?.toLowerCase() === 'image' ? attr(el, 'alt') : attr(el, 'value'))
      : words(el);
  return own || spaced(el.getAttribute('title'));
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
    matches(ariaName(el), name),
  );
}

/** A control's name from aria-labelledby or aria-label ('' without either). */
function ariaName(el: Element): string {
  const by = el.getAttribute('aria-labelledby');
  const doc = el.ownerDocument;
  const named =
    by && doc
      ? spaced(
          by
            .split(/\s+/)
            .map((id) => doc.getElementById(id)?.textContent ?? '')
            .join(' '),
        )
      : '';
  return named || spaced(el.getAttribute('aria-label'));
}

/** Elements of a role by their accessible name (a string is the whole name, a RegExp a part). */
const byRole = (root: Root, selector: string, name?: string | RegExp) =>
  [...root.querySelectorAll(selector)].filter(
    (el) => name === undefined || matches(accessibleName(el), name),
  );

export const buttons = (root: Root, name?: string | RegExp) =>
  byRole(
    root,
    'button, input[type="submit" i], input[type="button" i], input[type="reset" i], input[type="image" i], [role="button"]',
    name,
  );
export const button = (root: Root, name: string | RegExp) => buttons(root, name)[0];
/**
 * Comboboxes, as a browser's accessibility tree has them: shown (not in a closed dialog, a popover
 * or a hidden block), with an explicit role, a text-like input with a suggestion list (`list`), or
 * a single-choice select shown as one line.
 */
export const comboboxes = (root: Root) =>
  [...root.querySelectorAll('[role="combobox"], input[list], select')].filter((el) => {
    if (!shown(el)) return false;
    const role = el.getAttribute('role');
    if (role) return role === 'combobox';
    if (el.tagName.toLowerCase() === 'select')
      return attr(el, 'multiple') === null && Number(attr(el, 'size') ?? 1) <= 1;
    const type = (attr(el, 'type') ?? 'text').toLowerCase();
    return ['text', 'search', 'tel', 'url', 'email'].includes(type);
  });
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

/**
 * Signs up on the /auth forms without JavaScript, from `from`, with a fresh e-mail (`prefix-…`),
 * and follows where they lead.
 * @example await signUpOnForms(tab, '/advantages', 'store')
 */
export async function signUpOnForms(tab: Tab, from: string, prefix: string) {
  const email = `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.ru`;
  await tab.goto(from);
  const auth = () => tab.page.document.querySelector('.auth')!;
  fill(labelled(auth(), 'E-mail'), email);
  fill(labelled(auth(), 'Пароль'), 'correct horse 1');
  await tab.submit(button(auth(), 'Получить код')!);
  fill(
    labelled(auth(), 'Код подтверждения'),
    await latestCode(tab.visitor, email, { purpose: 'sign_up_code' }),
  );
  await tab.submit(button(auth(), 'Подтвердить')!);
}
