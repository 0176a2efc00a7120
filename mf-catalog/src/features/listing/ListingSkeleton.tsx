/**
 * Placeholder cards in the slider's layout while a listing loads: as many columns of two as the slider shows
 * at this width (catalog.css.ts), about a card's height, under the room of the slider's buttons. Hidden from
 * assistive technology; the loading notice speaks for it.
 */
export function ListingSkeleton({ columns }: { columns: 2 | 3 }) {
  return (
    <div className="catalog-skeleton" data-columns={columns} aria-hidden="true">
      {Array.from({ length: columns * 2 }, (_, index) => (
        <div key={index} className="catalog-skeleton__card" />
      ))}
    </div>
  );
}
