import ModalDialog from '../ui/ModalDialog.tsx';
import { myPageTexts as t } from './texts.ts';
import './error-dialog.css';

/**
 * The 'Ошибка' dialog of docs/product.md, «When things go wrong» (favourite removal not 204): the
 * title, the text, an image and «Закрыть» (Escape closes it too).
 */
export default function ErrorDialog({ onClose }: { onClose: () => void }) {
  const image = (
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
  );
  return (
    <ModalDialog
      className="my-error"
      titleId="my-error-title"
      title={t.errorTitle}
      describedBy="my-error-text"
      onClose={onClose}
      before={image}
    >
      {(close) => (
        <>
          <p id="my-error-text">{t.errorText}</p>
          <button type="button" className="button" onClick={close}>
            {t.errorButton}
          </button>
        </>
      )}
    </ModalDialog>
  );
}
