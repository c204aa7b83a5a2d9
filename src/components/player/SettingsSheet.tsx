/**
 * A phone's «Настройки»: quality, audio, subtitles and speed in a sheet that rises from the bottom
 * of the screen, since a menu inside a 343×193 player shows two of its fifteen choices. A modal
 * <dialog> drawn inside the player, so it shows over it in fullscreen too (the top layer).
 */
import { type KeyboardEvent, type MouseEvent, useId, useLayoutEffect, useRef } from 'react';
import { openModal } from '../../lib/modal.ts';
import type { MenuSection } from './MenuButton.tsx';
import { playerTexts as t } from './texts.ts';

interface Props {
  sections: MenuSection[];
  /** The settings button: focus returns there when the sheet closes. */
  opener(): HTMLElement | null;
  /** The sheet closed (Escape, the backdrop, «Закрыть»). */
  onClose(): void;
}

/** The places Tab stops at: the close button and each group's chosen option (arrows move within). */
const STOPS = 'button, input:checked';

/**
 * Every option listed, in groups of radio buttons that apply at once; the list scrolls when it is
 * taller than the screen. Escape, a tap on the backdrop or «Закрыть» close it; Tab goes round it;
 * focus returns to the settings button.
 */
export function SettingsSheet({ sections, opener, onClose }: Props) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once, for the sheet's life
  useLayoutEffect(() => {
    const dialog = ref.current;
    return dialog ? openModal(dialog, { fallback: opener }) : undefined;
  }, []);
  const trapTab = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return;
    const stops = [...e.currentTarget.querySelectorAll<HTMLElement>(STOPS)];
    const at = stops.indexOf(document.activeElement as HTMLElement);
    const to = e.shiftKey ? at <= 0 && stops.at(-1) : at === stops.length - 1 && stops[0];
    if (!to) return;
    e.preventDefault();
    to.focus();
  };
  // The sheet's children fill its box: a click on the dialog itself is on the backdrop.
  const backdrop = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget) e.currentTarget.close();
  };
  return (
    <dialog
      ref={ref}
      className="player-sheet"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onClick={backdrop}
      onKeyDown={trapTab}
    >
      <div className="player-sheet__head">
        <h2 id={`${id}-title`}>{t.settings.menu}</h2>
        <button type="button" className="player-sheet__close" onClick={() => ref.current?.close()}>
          {t.close}
        </button>
      </div>
      <div className="player-sheet__list">
        {sections.map((section) => (
          <fieldset key={section.label} className="player-sheet__group">
            <legend>{section.label}</legend>
            {section.options.map((o) => (
              <label key={o.value} className="player-sheet__option">
                <input
                  type="radio"
                  name={`${id}-${section.label}`}
                  checked={o.value === section.value}
                  onChange={() => section.onChange(o.value)}
                />
                {o.label}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </dialog>
  );
}
