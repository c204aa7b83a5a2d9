/**
 * The control bar under the picture: the timeline, play, ±10 s, volume, the live badge or the
 * clock, the menus (on a phone one «Настройки» sheet), picture in picture, help and fullscreen.
 */
import { type Dispatch, useRef, useSyncExternalStore } from 'react';
import type { Playback } from './hooks/use-playback.ts';
import { Icon, type IconName } from './icons.tsx';
import { MenuButton } from './MenuButton.tsx';
import type { BarSection } from './menus.ts';
import type { MenuName, PlayerAction, PlayerState } from './player-state.ts';
import type { Timeline as Position } from './position.ts';
import { SettingsSheet } from './SettingsSheet.tsx';
import { Timeline } from './Timeline.tsx';
import { playerTexts as t } from './texts.ts';
import type { Thumbnail } from './thumbnails.ts';
import { clock } from './time.ts';

/**
 * A phone, by the viewport's width (not its pointer: a tablet's touch screen has room for the whole
 * bar): the bar keeps fewer, smaller controls and its choices open in one sheet (player.css holds
 * the same width).
 */
const PHONE = '(max-width: 767px)';
const isPhone = () => matchMedia(PHONE).matches;
const watchPhone = (changed: () => void) => {
  const query = matchMedia(PHONE);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};

interface Props {
  state: PlayerState;
  dispatch: Dispatch<PlayerAction>;
  video: HTMLVideoElement | null;
  playback: Playback;
  timeline: Position;
  /** The timeline's words for a media time (Timeline follows the media between renders). */
  wordsAt(time: number): string;
  /** Faded out while the picture plays untouched (useIdle). */
  hidden: boolean;
  thumbnails: Thumbnail[];
  sections: BarSection[];
  screen: { fullscreen: boolean; toggleFullscreen(): void };
  /** Focus came into the controls or left them (they stay while focused). */
  onFocusIn(focused: boolean): void;
}

export function Controls({ state, dispatch, video, playback, timeline, ...p }: Props) {
  const { live, start, end, edge, now } = timeline;
  const compact = useSyncExternalStore(watchPhone, isPhone, () => false);
  const settings = useRef<HTMLButtonElement>(null);
  const sheetOpen = state.menu === 'settings';
  const paused = !video || video.paused;
  const volume = Math.round((video?.muted ? 0 : (video?.volume ?? 1)) * 100);
  const menuProps = (which: MenuName) => ({
    open: state.menu === which,
    onOpenChange: (open: boolean) => dispatch({ type: 'menu', menu: open ? which : null }),
  });
  const button = (label: string, icon: IconName, onClick: () => void) => (
    <button
      type="button"
      className="player__button"
      aria-label={label}
      data-tip={label}
      onClick={onClick}
    >
      <Icon name={icon} />
    </button>
  );
  const canPip = typeof document !== 'undefined' && document.pictureInPictureEnabled;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus is only watched (controls stay while focused), nothing is handled here
    <div
      className="player__controls"
      onFocus={() => p.onFocusIn(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) p.onFocusIn(false);
      }}
    >
      <Timeline
        start={start}
        end={live ? edge : end}
        value={now}
        valueText={timeline.valueText}
        media={video}
        wordsAt={p.wordsAt}
        hidden={p.hidden}
        thumbnails={live ? [] : p.thumbnails}
        label={(time) => (live ? `−${clock(edge - time)}` : clock(time - start))}
        onSeek={playback.seekTo}
      />
      <div className="player__row">
        {button(paused ? t.play : t.pause, paused ? 'play' : 'pause', playback.togglePlay)}
        {button(t.back10, 'back', () => playback.seekBy(-10))}
        {button(t.forward10, 'forward', () => playback.seekBy(10))}
        {/* A phone has its volume keys; a muted start has «Смотреть со звуком» above. */}
        {!compact &&
          button(
            video?.muted ? t.unmute : t.mute,
            video?.muted ? 'muted' : 'volume',
            playback.toggleMute,
          )}
        <input
          className="player__volume"
          type="range"
          min={0}
          max={100}
          step={5}
          aria-label={t.volume}
          aria-valuetext={`${volume} %`}
          value={volume}
          onChange={(e) => {
            if (!video) return;
            video.volume = Number(e.currentTarget.value) / 100;
            video.muted = video.volume === 0;
          }}
        />
        {live ? (
          timeline.atLive ? (
            <span className="player__live">{t.live}</span>
          ) : (
            <button
              type="button"
              className="player__live player__live--behind"
              onClick={playback.goLive}
            >
              {t.toLive}
            </button>
          )
        ) : (
          <span className="player__time">
            {clock(now - start)} / {clock(end - start)}
          </span>
        )}
        <span className="player__spacer" />
        {compact
          ? p.sections.length > 0 && (
              <>
                <button
                  ref={settings}
                  type="button"
                  className="player__button"
                  aria-label={t.settings.menu}
                  data-tip={t.settings.menu}
                  aria-haspopup="dialog"
                  aria-expanded={sheetOpen}
                  onClick={() => dispatch({ type: 'menu', menu: sheetOpen ? null : 'settings' })}
                >
                  <Icon name="quality" />
                </button>
                {sheetOpen && (
                  <SettingsSheet
                    sections={p.sections}
                    opener={() => settings.current}
                    onClose={() => dispatch({ type: 'menu', menu: null })}
                  />
                )}
              </>
            )
          : p.sections.map((section) => (
              <MenuButton
                key={section.name}
                label={section.label}
                icon={<Icon name={section.name} />}
                badge={section.badge}
                section={section}
                {...menuProps(section.name)}
              />
            ))}
        {canPip && !compact && button(t.pip, 'pip', playback.togglePip)}
        {!compact && button(t.help, 'help', () => dispatch({ type: 'help', open: true }))}
        {button(
          p.screen.fullscreen ? t.exitFullscreen : t.fullscreen,
          p.screen.fullscreen ? 'exitFullscreen' : 'fullscreen',
          p.screen.toggleFullscreen,
        )}
      </div>
    </div>
  );
}
