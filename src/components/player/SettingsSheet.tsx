/**
 * A phone's «Настройки»: quality, audio, subtitles and speed in a sheet that rises from the bottom
 * of the screen, since a menu inside a 343×193 player shows two of its fifteen choices. A modal
 * <dialog> drawn inside the player, so it shows over it in fullscreen too (the top layer).
 */
import { type MouseEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { openModal, wrapTab } from '../../lib/modal.ts';
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
 * How long the arrows must rest on a choice before it applies: passing over «480p» on the way to
 * «1080p» does not switch the stream. A tap, Space or Enter applies at once.
 */
const SETTLE_MS = 600;

/**
 * Every option listed, in groups of radio buttons; the list scrolls when it is taller than the
 * screen. A tap applies a choice at once; the arrows move the selection, which applies once it
 * rests (or on Space or Enter). Escape, a tap on the backdrop or «Закрыть» close it; Tab goes
 * round it; focus returns to the settings button.
 */
export function SettingsSheet({ sections, opener, onClose }: Props) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once, for the sheet's life
  useLayoutEffect(() => {
    const dialog = ref.current;
    return dialog ? openModal(dialog, { fallback: opener }) : undefined;
  }, []);
  // What the arrows selected and has not applied yet, by group; applied when its timer ends.
  const [held, setHeld] = useState<Record<string, string>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const arrowed = useRef(false);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const settle = (section: MenuSection, value: string | null) => {
    clearTimeout(timers.current.get(section.label));
    setHeld(({ [section.label]: _, ...rest }) =>
      value === null ? rest : { ...rest, [section.label]: value },
    );
  };
  const apply = (section: MenuSection, value: string) => {
    settle(section, null);
    if (value !== section.value) section.onChange(value);
  };
  const hold = (section: MenuSection, value: string) => {
    if (value === section.value) return settle(section, null);
    settle(section, value);
    timers.current.set(
      section.label,
      setTimeout(() => apply(section, value), SETTLE_MS),
    );
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
      onKeyDown={(e) => wrapTab(e, e.currentTarget, STOPS)}
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
                  checked={o.value === (held[section.label] ?? section.value)}
                  onKeyDown={(e) => {
                    arrowed.current = e.key.startsWith('Arrow');
                    const waiting = held[section.label];
                    if ((e.key === ' ' || e.key === 'Enter') && waiting) apply(section, waiting);
                  }}
                  onKeyUp={() => {
                    arrowed.current = false;
                  }}
                  onChange={() => {
                    if (arrowed.current) hold(section, o.value);
                    else apply(section, o.value);
                    arrowed.current = false;
                  }}
                  // A tap on the choice the arrows rest on: no change event, as it is checked.
                  onClick={() => {
                    if (!arrowed.current && held[section.label] === o.value)
                      apply(section, o.value);
                  }}
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
