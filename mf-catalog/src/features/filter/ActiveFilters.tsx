import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultRange, narrows, type FilterSelection } from './filterState.ts';

/**
 * The applied filter as chips under the bar: each tag and a range other than the default, each removable
 * with one press. The focus moves on to the chip that took the removed one's place, or to the list's last chip;
 * with none left, to the "Filter" toggle, so it never falls to the page.
 */
export function ActiveFilters({
  applied,
  onChange,
}: {
  applied: FilterSelection;
  onChange: (selection: FilterSelection) => void;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  // The chip pressed and the filter it was pressed on: focus moves once the URL shows the filter without it.
  const [focusAt, setFocusAt] = useState<{ index: number; on: string } | null>(null);
  const shown = JSON.stringify(applied);
  const chips = [
    ...applied.tags.map((slug) => ({
      key: slug,
      label: t(`catalog.tags.${slug}`, { defaultValue: slug }),
      remove: () => onChange({ ...applied, tags: applied.tags.filter((tag) => tag !== slug) }),
    })),
    ...(applied.months === defaultRange
      ? []
      : [
          {
            key: 'range',
            label: t('catalog.filter.rangeChip', { count: applied.months }),
            remove: () => onChange({ ...applied, months: defaultRange }),
          },
        ]),
  ];

  useEffect(() => {
    if (focusAt === null || focusAt.on === shown) return;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    const target =
      buttons[Math.min(focusAt.index, buttons.length - 1)] ??
      list.current?.closest('.catalog-page')?.querySelector<HTMLButtonElement>('button[aria-expanded]');
    target?.focus();
    setFocusAt(null);
  }, [focusAt, shown]);

  return (
    <div ref={list} className="catalog-chips" role="group" aria-label={t('catalog.filter.active')}>
      {narrows(applied) ? (
        <>
          <span className="catalog-chips__label" aria-hidden="true">
            {t('catalog.filter.active')}:
          </span>
          <ul>
            {chips.map((chip, index) => (
              <li key={chip.key}>
                <button
                  type="button"
                  className="catalog-chip"
                  aria-label={t('catalog.filter.remove', { name: chip.label })}
                  onClick={() => {
                    chip.remove();
                    setFocusAt({ index, on: shown });
                  }}
                >
                  {chip.label} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
