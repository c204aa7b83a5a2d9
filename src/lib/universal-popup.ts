/**
 * The universal popup (docs/product.md, «What we keep» and «When things go wrong»: the layout's universal popup, the «Ошибка» dialogs):
 * a native modal <dialog> with a title, a text and a closing button, made on demand so pages carry
 * no markup for it. Escape and the button close it; focus returns to where it was.
 */
export interface PopupContent {
  title: string;
  text: string;
  /** The closing button's text. */
  button?: string;
}

let open: HTMLDialogElement | null = null;

/**
 * Opens the popup (a second call replaces the first).
 * @example showPopup({ title: 'Ошибка', text: 'Сервис недоступен, попробуйте позже' })
 */
export function showPopup({ title, text, button = 'Закрыть' }: PopupContent): HTMLDialogElement {
  open?.close();
  const back = document.activeElement as HTMLElement | null;
  const dialog = document.createElement('dialog');
  dialog.className = 'universal-popup';
  dialog.setAttribute('aria-labelledby', 'universal-popup-title');
  dialog.setAttribute('aria-describedby', 'universal-popup-text');
  const heading = document.createElement('h2');
  heading.id = 'universal-popup-title';
  heading.textContent = title;
  const body = document.createElement('p');
  body.id = 'universal-popup-text';
  body.textContent = text;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'button';
  close.textContent = button;
  close.addEventListener('click', () => dialog.close());
  for (const part of [heading, body, close]) dialog.appendChild(part);
  dialog.addEventListener('close', () => {
    dialog.remove();
    if (open === dialog) open = null;
    back?.focus();
  });
  document.body.appendChild(dialog);
  open = dialog;
  dialog.showModal();
  close.focus();
  return dialog;
}
