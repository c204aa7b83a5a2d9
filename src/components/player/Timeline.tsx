import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { bufferedUntil } from './position.ts';
import { playerTexts as t } from './texts.ts';
import { type Thumbnail, thumbnailAt } from './thumbnails.ts';

interface Props {
  /** Seekable range in media seconds (live: the DVR window). */
  start: number;
  end: number;
  /** The position as the player rendered it. */
  value: number;
  valueText: string;
  /** The media the bar follows between the player's renders (docs/decisions.md). */
  media: HTMLVideoElement | null;
  /** The slider's words for a media time, from the range as it is then (live: its edge moves). */
  wordsAt(time: number): string;
  /** The controls are faded out: the bar rests, the slider's value and words still follow. */
  hidden: boolean;
  thumbnails: Thumbnail[];
  /** What the preview's clock shows for a media time (live: time behind the edge). */
  label(time: number): string;
  onSeek(time: number): void;
}

/**
 * The timeline: a real slider (role="slider", aria-valuetext in words). Arrows move 10 s, Page
 * keys a minute, Home and End to the ends; a pointer drags, and hovering or dragging shows the
 * frame from the thumbnail sprite.
 *
 * The bar (played, buffered, the knob) moves by `transform` from two CSS variables on the track,
 * set by `draw` after each render and on each of the media's time events while the controls
 * show, without a render of the player; `draw` also keeps the slider's value and words right
 * while they are faded out, for a screen reader (docs/decisions.md, «The player renders when
 * what it shows changes»).
 */
export function Timeline({
  start,
  end,
  value,
  valueText,
  media,
  wordsAt,
  hidden,
  thumbnails,
  label,
  onSeek,
}: Props) {
  const bar = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const span = Math.max(end - start, 0.001);
  const clamp = (v: number) => Math.min(end, Math.max(start, v));
  const now = () => media?.currentTime ?? value;
  const held = dragging && preview !== null ? preview : null;
  // The track's width in device pixels, told by a ResizeObserver as it changes (no layout reads);
  // the knob's CSS has it in CSS pixels (--track-width).
  const pixels = useRef(0);

  /** The bar to the media's time (or where the pointer drags it), and the slider's value. */
  const draw = (withBar: boolean) => {
    const time = now();
    const slider = bar.current;
    if (slider) {
      setAttribute(slider, 'aria-valuenow', String(Math.floor(clamp(time))));
      setAttribute(slider, 'aria-valuetext', wordsAt(time));
    }
    const style = track.current?.style;
    if (!withBar || !style) return;
    // In whole device pixels of the track: a film's bar moves a pixel every few seconds.
    const share = (v: number) => {
      const f = (clamp(v) - start) / span;
      return (pixels.current ? Math.round(f * pixels.current) / pixels.current : f).toFixed(5);
    };
    setVariable(style, '--played', share(held ?? time));
    setVariable(style, '--buffered', share(bufferedUntil(media?.buffered, time)));
  };
  const latest = useRef(draw);
  latest.current = draw;
  useLayoutEffect(() => latest.current(true));
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const watch = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      pixels.current = width * devicePixelRatio;
      setVariable(el.style, '--track-width', `${width}px`);
      latest.current(true);
    });
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
  useEffect(() => {
    if (!media) return;
    const follow = () => latest.current(!hidden);
    media.addEventListener('timeupdate', follow);
    media.addEventListener('progress', follow);
    return () => {
      media.removeEventListener('timeupdate', follow);
      media.removeEventListener('progress', follow);
    };
  }, [media, hidden]);
  const at = (clientX: number) => {
    const r = bar.current?.getBoundingClientRect();
    if (!r?.width) return now();
    return clamp(start + ((clientX - r.left) / r.width) * span);
  };
  const pct = (v: number) => `${((clamp(v) - start) / span) * 100}%`;

  const onKeyDown = (e: React.KeyboardEvent) => {
    const steps: Record<string, number> = {
      ArrowLeft: -10,
      ArrowDown: -10,
      ArrowRight: 10,
      ArrowUp: 10,
      PageDown: -60,
      PageUp: 60,
    };
    let next: number | undefined;
    if (e.key in steps) next = now() + (steps[e.key] ?? 0);
    else if (e.key === 'Home') next = start;
    else if (e.key === 'End') next = end;
    if (next === undefined) return;
    e.preventDefault();
    onSeek(clamp(next));
  };

  const shown = dragging || preview !== null ? (preview ?? now()) : null;
  const thumb = shown === null ? null : thumbnailAt(thumbnails, shown);
  return (
    <div
      ref={bar}
      className="player__timeline"
      role="slider"
      tabIndex={0}
      aria-label={t.timeline}
      aria-valuemin={Math.floor(start)}
      aria-valuemax={Math.floor(end)}
      aria-valuenow={Math.floor(clamp(value))}
      aria-valuetext={valueText}
      onKeyDown={onKeyDown}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        setDragging(true);
        setPreview(at(e.clientX));
      }}
      onPointerMove={(e) => setPreview(at(e.clientX))}
      onPointerUp={(e) => {
        if (!dragging) return;
        setDragging(false);
        onSeek(at(e.clientX));
      }}
      onPointerLeave={() => !dragging && setPreview(null)}
      onPointerCancel={() => {
        setDragging(false);
        setPreview(null);
      }}
    >
      <div ref={track} className="player__track">
        <div className="player__buffered" />
        <div className="player__played" />
        <div className="player__knob" />
      </div>
      {shown !== null && (
        <div className="player__preview" style={{ left: pct(shown) }} aria-hidden="true">
          {thumb && (
            <div
              className="player__preview-frame"
              style={{
                width: thumb.w,
                height: thumb.h,
                backgroundImage: `url("${thumb.url}")`,
                backgroundPosition: `-${thumb.x}px -${thumb.y}px`,
              }}
            />
          )}
          <span>{label(shown)}</span>
        </div>
      )}
    </div>
  );
}

/** Sets an attribute only when it changes (an unchanged one is no mutation for the page). */
function setAttribute(el: Element, name: string, value: string) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** Sets a CSS variable only when it changes (an unchanged one would still restyle the track). */
function setVariable(style: CSSStyleDeclaration, name: string, value: string) {
  if (style.getPropertyValue(name) !== value) style.setProperty(name, value);
}
