/**
 * What the player shows when the server will not play: the forbidden popup (403, a message and a
 * way forward per reason) and the simultaneous-playback popup (409 too_many_streams).
 */
import { type ReactNode, useId } from 'react';
import { deviceTypeName } from '../../../functions/shared/device.ts';
import { pageTexts } from '../../lib/texts.ts';
import ModalDialog from '../ui/ModalDialog.tsx';
import { playerTexts as t } from './texts.ts';
import type { StreamInfo } from './watch-api.ts';

const here = () => `${location.pathname}${location.search}`;

/**
 * The paywall that fits the title on this page (the title's «how to watch» block names it), else
 * /advantages.
 */
export const paywallHref = () =>
  document.querySelector('[data-paywall-href]')?.getAttribute('data-paywall-href') || '/advantages';

/**
 * Why this viewer may buy nothing (a kid profile: the title's «how to watch» block says so), else
 * null: its refusal then leads to an adult profile, not to a paywall that would refuse it too.
 */
export const moneyRefused = () =>
  document.querySelector('[data-money-refused]')?.getAttribute('data-money-refused') || null;

/** Whether the page has the PIN popup island (a signed-in adult's title page): the player can open it. */
export const hasPinPopup = () =>
  document.querySelector('astro-island[component-url*="PinPopup"]') !== null;

/**
 * The player's dialogs: the islands' one modal dialog, drawn inside the player so that it stays in
 * sight when the player is fullscreen; named by its heading, «Закрыть» (or Escape) last.
 */
function PlayerDialog(p: { title: string; onClose(): void; children: ReactNode }) {
  const id = useId();
  return (
    <ModalDialog
      className="player-dialog"
      titleId={`${id}-title`}
      title={p.title}
      onClose={p.onClose}
    >
      {(close) => (
        <>
          {p.children}
          <p className="player-dialog__actions">
            <button type="button" className="player-dialog__close" onClick={close}>
              {t.close}
            </button>
          </p>
        </>
      )}
    </ModalDialog>
  );
}

interface ForbiddenProps {
  reason: string;
  message: string;
  onClose(): void;
  onEnterPin(): void;
}

export function ForbiddenDialog({ reason, message, onClose, onEnterPin }: ForbiddenProps) {
  const text = t.forbidden[reason] ?? message;
  const kidMoney = reason === 'not_entitled' ? moneyRefused() : null;
  return (
    <PlayerDialog title={t.forbiddenTitle} onClose={onClose}>
      <p className="player-dialog__text">{text}</p>
      {reason === 'sign_in_required' && (
        <p className="player-dialog__actions">
          <a className="button" href={`/auth?backPath=${encodeURIComponent(here())}`}>
            {t.signIn}
          </a>
        </p>
      )}
      {kidMoney && (
        <>
          <p className="player-dialog__text">{kidMoney}</p>
          <p className="player-dialog__actions">
            <a className="button" href="/settings/profiles">
              {pageTexts.switchProfile}
            </a>
          </p>
        </>
      )}
      {reason === 'not_entitled' && !kidMoney && (
        <p className="player-dialog__actions">
          <a className="button" href={paywallHref()}>
            {t.subscribe}
          </a>
        </p>
      )}
      {reason === 'pin_required' && (
        <p className="player-dialog__actions">
          {hasPinPopup() ? (
            <button type="button" className="button" onClick={onEnterPin}>
              {t.enterPin}
            </button>
          ) : (
            <a className="button" href="/settings/parental">
              {t.parentalSettings}
            </a>
          )}
        </p>
      )}
    </PlayerDialog>
  );
}

/** A stream's start (ISO 8601, the playback schema's) as the viewer's clock shows it. */
const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

interface StreamsProps {
  streams: StreamInfo[];
  busy: boolean;
  onStop(id: StreamInfo['id']): void;
  onClose(): void;
}

export function StreamsDialog({ streams, busy, onStop, onClose }: StreamsProps) {
  return (
    <PlayerDialog title={t.streamsTitle} onClose={onClose}>
      <p className="player-dialog__text">{t.streamsText}</p>
      <ul className="player-streams" aria-busy={busy}>
        {streams.map((s) => (
          <li key={s.id} className="player-streams__item">
            <span>
              <strong>{s.deviceName || deviceTypeName(s.deviceType)}</strong>
              <span className="player-streams__meta">
                {[s.title, t.streamSince(timeOf(s.startedAt))].filter(Boolean).join(' · ')}
              </span>
            </span>
            <button
              type="button"
              className="button"
              disabled={busy}
              aria-label={t.stopOn(s.deviceName || deviceTypeName(s.deviceType))}
              onClick={() => onStop(s.id)}
            >
              {t.stop}
            </button>
          </li>
        ))}
      </ul>
    </PlayerDialog>
  );
}

export function HelpDialog({ onClose }: { onClose(): void }) {
  return (
    <PlayerDialog title={t.help} onClose={onClose}>
      <dl className="player-keys">
        {t.keys.map(([keys, what]) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </PlayerDialog>
  );
}
