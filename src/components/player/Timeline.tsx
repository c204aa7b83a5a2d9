import { useRef, useState } from 'react';
import { playerTexts as t } from './texts.ts';
import { type Thumbnail, thumbnailAt } from './thumbnails.ts';

interface Props {
  /** Seekable range in media seconds (live: the DVR window). */
  start: number;
  end: number;
  value: number;
  buffered: number;
  valueText: string;
  thumbnails: Thumbnail[];
  /** What the preview's clock shows for a media time (live: time behind the edge). */
  label(time: number): string;
  onSeek(time: number): void;
}

/**
 * The timeline: a real slider (role="slider", aria-valuetext in words). Arrows move 10 s, Page
 * keys a minute, Home and End to the ends; a pointer drags, and hovering or dragging shows the
 * frame from the thumbnail sprite.
 */
export function Timeline({
  start,
  end,
  value,
  buffered,
  valueText,
  thumbnails,
  label,
  onSeek,
}: Props) {
  const bar = useRef<HTMLDivElement>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const span = Math.max(end - start, 0.001);
  const clamp = (v: number) => Math.min(end, Math.max(start, v));
  const at = (clientX: number) => {
    const r = bar.current?.getBoundingClientRect();
    if (!r?.width) return value;
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
    if (e.key in steps) next = value + (steps[e.key] ?? 0);
    else if (e.key === 'Home') next = start;
    else if (e.key === 'End') next = end;
    if (next === undefined) return;
    e.preventDefault();
    onSeek(clamp(next));
  };

  const shown = dragging || preview !== null ? (preview ?? value) : null;
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
      <div className="player__track">
        <div className="player__buffered" style={{ width: pct(buffered) }} />
        <div
          className="player__played"
          style={{ width: pct(dragging && preview !== null ? preview : value) }}
        />
        <div
          className="player__knob"
          style={{ left: pct(dragging && preview !== null ? preview : value) }}
        />
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
