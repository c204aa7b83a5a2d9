import type { TitleCard } from '../../../functions/domains/catalogue/index.ts';
import { myPageTexts as t } from './texts.ts';

interface Props {
  card: TitleCard;
  /** In EDIT the card is a checkbox; in VIEW a link to the title. */
  selectable: boolean;
  checked: boolean;
  onToggle: () => void;
  /** The heart on the card in VIEW: takes the title out of the favourites. */
  /** Removes the title from favourites; gets the pressed heart (focus moves on from it). */
  onRemove?: (heart: HTMLElement) => void;
  eager?: boolean;
}

/** 2, 4 and 6 to a row (`.my-grid`), inside the page's gutters. */
const SIZES =
  '(min-width: 1366px) calc((100vw - 192px) / 6), (min-width: 768px) calc((100vw - 128px) / 4), calc((100vw - 40px) / 2)';
const HEART =
  'M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2 0 3.6 1.1 4.3 2.6h2c.7-1.5 2.3-2.6 4.3-2.6 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21Z';

/**
 * A favourite as a poster card (the look of the catalogue's TitleCard: on hover or focus an
 * overlay with year, genres and age, a play link and the heart beside the card's one link), or a
 * checkbox in EDIT.
 */
export default function PosterCard({
  card,
  selectable,
  checked,
  onToggle,
  onRemove,
  eager,
}: Props) {
  const poster = (
    <span className="my-card__frame">
      <img
        className="my-card__poster"
        src={card.assets.poster}
        srcSet={card.assets.posterSrcset}
        sizes={SIZES}
        alt=""
        width={480}
        height={720}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      {!selectable && (
        <span className="my-card__reveal" aria-hidden="true">
          <span className="my-card__facts">
            <span>{card.year}</span>
            <span className="my-card__age">{card.ageRating}</span>
          </span>
          {card.genres.length > 0 && (
            <span className="my-card__genres">{card.genres.join(' · ')}</span>
          )}
        </span>
      )}
    </span>
  );
  return (
    <article className={`my-card${checked ? ' my-card--checked' : ''}`}>
      {selectable ? (
        <label className="my-card__link">
          <input
            className="my-card__check"
            type="checkbox"
            checked={checked}
            onChange={onToggle}
            aria-label={t.select(card.name)}
          />
          {poster}
          <span className="my-card__name">{card.name}</span>
        </label>
      ) : (
        <a className="my-card__link" href={card.url}>
          {poster}
          <span className="my-card__name">{card.name}</span>
        </a>
      )}
      <p className="my-card__meta">
        <span>{card.year}</span>
        <span className="my-card__age">{card.ageRating}</span>
      </p>
      {!selectable && (
        <div className="my-card__actions">
          <a className="my-card__action my-card__action--play" href={`${card.url}?play=1#player`}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M8 5.1v13.8a1 1 0 0 0 1.5.9l11-6.9a1 1 0 0 0 0-1.8l-11-6.9A1 1 0 0 0 8 5.1Z" />
            </svg>
            <span className="visually-hidden">{t.play(card.name)}</span>
          </a>
          <button
            className="my-card__action"
            type="button"
            aria-label={t.unfavourite(card.name)}
            onClick={(e) => onRemove?.(e.currentTarget)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d={HEART} />
            </svg>
          </button>
        </div>
      )}
    </article>
  );
}
