/** Social sign-in and the popup of a failed one. */
import { useContext, useId, useState } from 'react';
import { returnPath } from '../../../../functions/shared/back-path.ts';
import { SOCIAL_LABELS } from '../../../../functions/shared/social-labels.ts';
import ModalDialog from '../../ui/ModalDialog.tsx';
import { SocialMark } from '../SocialMark.tsx';
import { authTexts as t } from '../texts.ts';
import { FlowContext } from './context.ts';
import { socialHref as href } from './links.ts';

/**
 * Social sign-in (docs/product.md, «What we keep»: vk, ok, ya, gp, fb): plain links to the server, which sends the
 * browser on to the provider; the back path goes along (the session-storage one once hydrated).
 */
export function SocialButtons() {
  const { backPath } = useContext(FlowContext);
  const headingId = useId();
  return (
    <section className="auth__socials" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.socialHeading}</h2>
      <ul>
        {Object.entries(SOCIAL_LABELS).map(([provider, label]) => (
          <li key={provider}>
            <a
              className={`social-button social-button--${provider}`}
              href={href(provider, backPath)}
              aria-label={t.socialSignIn(label)}
              onClick={(event) => {
                event.currentTarget.href = href(provider, returnPath(sessionStorage));
              }}
            >
              <SocialMark provider={provider} />
              {label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The social-error popup (docs/product.md, «What we keep» and «When things go wrong»): a modal alert dialog with the server's message.
 * Closing it drops `socialError` from the address, so a reload does not show it again.
 */
export function SocialErrorPopup({ message }: { message: string }) {
  const [open, setOpen] = useState(true);
  const id = useId();
  if (!open) return null;
  const closed = () => {
    const url = new URL(location.href);
    url.searchParams.delete('socialError');
    url.searchParams.delete('social');
    history.replaceState(history.state, '', url);
    setOpen(false);
    document.getElementById('auth-heading')?.focus();
  };
  return (
    <ModalDialog
      className="social-error"
      role="alertdialog"
      titleId={`${id}-title`}
      title={t.socialErrorTitle}
      describedBy={`${id}-text`}
      onClose={closed}
    >
      {(close) => (
        <>
          <p id={`${id}-text`}>{message}</p>
          <button className="button" type="button" onClick={close} autoFocus>
            {t.close}
          </button>
        </>
      )}
    </ModalDialog>
  );
}
