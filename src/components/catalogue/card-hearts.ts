/** Set on the document once its listeners are there: two scripts that both bring them add them once. */
const LISTENING = Symbol.for('amedia.card-hearts');

/**
 * Signed in: a card's heart (TitleCard.astro) asks the title's favourite status the first time the
 * card is hovered or focused (src/stores/content-status.ts, the favourites API) and toggles it. The
 * listeners sit on the document, so cards added later (search's «Показать ещё», the home page's
 * later shelves) work too; a second call adds nothing.
 * @example listenToCardHearts()
 */
export function listenToCardHearts() {
  const marked = document as Document & { [LISTENING]?: true };
  if (marked[LISTENING]) return;
  marked[LISTENING] = true;
  const store = () => import('../../stores/content-status.ts');
  // One status request per heart: a click waits for it, so a late answer never undoes the click.
  const statuses = new WeakMap<HTMLButtonElement, ReturnType<typeof ask>>();
  const ask = (heart: HTMLButtonElement) =>
    store()
      .then((m) => m.loadStatus(Number(heart.dataset.id)))
      .then((s) => {
        heart.setAttribute('aria-pressed', String(s.favourites.added));
        return s;
      });
  const status = (heart: HTMLButtonElement) => {
    let found = statuses.get(heart);
    if (!found) {
      found = ask(heart);
      statuses.set(heart, found);
    }
    return found;
  };
  const heartOf = (target: EventTarget | null) =>
    (target as Element | null)
      ?.closest?.('[data-card]')
      ?.querySelector<HTMLButtonElement>('[data-card-favourite]') ?? null;
  for (const type of ['pointerover', 'focusin'] as const)
    document.addEventListener(type, (e) => {
      const heart = heartOf(e.target);
      if (heart) void status(heart);
    });
  document.addEventListener('click', async (e) => {
    const heart = (e.target as Element | null)?.closest?.<HTMLButtonElement>(
      '[data-card-favourite]',
    );
    if (!heart || heart.disabled) return;
    const adding = !(await status(heart)).favourites.added;
    const { setFavourite } = await store();
    heart.disabled = true;
    const done = await setFavourite(Number(heart.dataset.id), adding);
    heart.disabled = false;
    heart.setAttribute('aria-pressed', String(done ? adding : !adding));
  });
}
