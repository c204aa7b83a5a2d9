/**
 * The universal popup (docs/product.md, «What we keep» and «When things go wrong»: the layout's universal popup, the «Ошибка» dialogs):
 * the islands' modal dialog (src/components/ui/ModalDialog.tsx) made without React, so pages carry
 * neither markup nor React for it: the same native <dialog>, named by its heading and described by
 * its text, opened and ended by the same code (modal.ts): focus moves to its button, Escape and
 * the button close it, focus returns to where it was.
 */
import { openModal } from './modal.ts';

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
  });
  document.body.appendChild(dialog);
  open = dialog;
  openModal(dialog);
  return dialog;
}
