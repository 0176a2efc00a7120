import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SliderItem } from './CardSlider.tsx';

/**
 * The listing as a plain list (view=list): every card at once, in date order, row by row, read and
 * scrolled like any page, for a visitor on a phone who would rather not tap "›" through it. One detail panel is
 * open at a time, as in the slider.
 */
export function CardList({ items, columns }: { items: SliderItem[]; columns: 2 | 3 }) {
  const { t } = useTranslation();
  const [openKey, setOpenKey] = useState<string | null>(null);
  return (
    <ul className="catalog-list" data-columns={columns} aria-label={t('catalog.slider.listLabel')}>
      {items.map((item) => (
        <li key={item.key}>
          {item.render({
            open: openKey === item.key,
            onToggle: () => setOpenKey((open) => (open === item.key ? null : item.key)),
          })}
        </li>
      ))}
    </ul>
  );
}
