import { useEffect, useRef } from 'react';
import { myPageTexts as t } from './texts.ts';
import './error-dialog.css';

/**
 * The 'Ошибка' dialog of docs/product.md, «When things go wrong» (favourite removal not 204): the
 * title, the text, an image and «Закрыть», as a modal <dialog> (Escape closes it too).
 */
export default function ErrorDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="my-error"
      aria-labelledby="my-error-title"
      aria-describedby="my-error-text"
      onClose={onClose}
    >
      <svg
        className="my-error__image"
        viewBox="0 0 96 96"
        width="96"
        height="96"
        role="img"
        aria-label={t.errorImage}
      >
        <circle cx="48" cy="48" r="44" fill="none" stroke="currentColor" strokeWidth="4" />
        <path d="M48 24v30" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
        <circle cx="48" cy="68" r="4" fill="currentColor" />
      </svg>
      <h2 id="my-error-title">{t.errorTitle}</h2>
      <p id="my-error-text">{t.errorText}</p>
      <button type="button" className="button" onClick={() => ref.current?.close()}>
        {t.errorButton}
      </button>
    </dialog>
  );
}
