import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { occupancyOf } from './occupancy.ts';
import { priceOf } from './cardView.ts';

/** Regular and offer price; the struck-through one is named for screen readers, which do not announce <del>. */
export function PriceTag({
  price,
  discountedPrice,
  prefix,
}: {
  price: number;
  discountedPrice: number | null;
  prefix?: (price: string) => string;
}) {
  const { t } = useTranslation();
  const { regular, offer } = priceOf({ price, discountedPrice });
  const show = prefix ?? ((value: string) => value);
  if (!offer) return <strong>{show(regular)}</strong>;
  return (
    <>
      <span className="shop-visually-hidden">{t('catalog.card.regularPrice')} </span>
      <del>{regular}</del> <span className="shop-visually-hidden">{t('catalog.card.offerPrice')} </span>
      <strong>{show(offer)}</strong>
    </>
  );
}

/** Occupancy of docs/product-rules.md#states as text and colour (colour alone would not reach everybody). */
export function OccupancyIndicator({ course }: { course: { maxParticipants: number; freePlaces: number } }) {
  const { t } = useTranslation();
  const level = occupancyOf(course);
  const text = course.freePlaces <= 0 ? t('catalog.occupancy.soldOut') : t(`catalog.occupancy.${level}`);
  return (
    <p className={`catalog-occupancy catalog-occupancy--${level}`} data-occupancy={level}>
      {/* Four bars, as many filled as the course is booked: the level reads from the shape, not only the colour. */}
      <span className="catalog-occupancy__meter" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
      <span className="shop-visually-hidden">{t('catalog.occupancy.label')}: </span>
      {text}
    </p>
  );
}

export interface DetailsControl {
  open: boolean;
  onToggle: () => void;
}

/** The frame every card shares: texts, level, facts, an optional detail panel, and the action. */
export function CardFrame({
  id,
  texts,
  level,
  facts,
  details,
  detailsControl,
  children,
}: {
  id: string;
  texts: { title: string; pretitle: string; short: string };
  level: string;
  facts: ReactNode;
  details?: ReactNode;
  detailsControl?: DetailsControl;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = `${id}-title`;
  const detailsId = `${id}-details`;
  return (
    <article className="catalog-card" aria-labelledby={titleId} data-card={id}>
      {texts.pretitle ? <p className="catalog-card__pretitle">{texts.pretitle}</p> : null}
      <h2 id={titleId} className="catalog-card__title">
        {texts.title}
      </h2>
      <p className="catalog-card__level">
        <span className="shop-visually-hidden">{t('catalog.card.level')} </span>
        <span className="catalog-card__tag">{t(`catalog.tags.${level}`, { defaultValue: level.toUpperCase() })}</span>
      </p>
      {texts.short ? <p className="catalog-card__short">{texts.short}</p> : null}
      <dl className="catalog-card__facts">{facts}</dl>
      {details && detailsControl ? (
        <div className="catalog-card__details">
          <button
            type="button"
            className="catalog-card__details-toggle"
            aria-expanded={detailsControl.open}
            aria-controls={detailsId}
            aria-describedby={titleId}
            onClick={detailsControl.onToggle}
          >
            {t('catalog.card.details')}
          </button>
          <div id={detailsId} className="catalog-card__details-panel" hidden={!detailsControl.open}>
            {details}
          </div>
        </div>
      ) : null}
      <div className="catalog-card__actions">{children}</div>
    </article>
  );
}

/** One term and its value in a card's fact list. */
export function Fact({ term, children, className }: { term: string; children: ReactNode; className?: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}
