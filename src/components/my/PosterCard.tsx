import type { TitleCard } from '../../../functions/domains/catalogue/index.ts';
import { myPageTexts as t } from './texts.ts';

interface Props {
  card: TitleCard;
  /** In EDIT the card is a checkbox; in VIEW a link to the title. */
  selectable: boolean;
  checked: boolean;
  onToggle: () => void;
  eager?: boolean;
}

/** A favourite as a poster card (the look of the catalogue's TitleCard), or a checkbox in EDIT. */
export default function PosterCard({ card, selectable, checked, onToggle, eager }: Props) {
  const poster = (
    <img
      className="my-card__poster"
      src={card.assets.poster}
      alt=""
      width={400}
      height={600}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
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
    </article>
  );
}
