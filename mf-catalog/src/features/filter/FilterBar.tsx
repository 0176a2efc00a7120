import { useEffect, useId, useRef, type Dispatch, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type TagCategory } from '@shop/shared';
import {
  filterCategories,
  rangeOptions,
  selectedCount,
  type FilterAction,
  type FilterState,
  type RangeMonths,
} from './filterState.ts';

/** Below this width the panel is a sheet over the listing: applying closes it, so the results show. */
const sheetQuery = '(max-width: 767px)';

/** Applies the draft; on a phone the sheet closes, so the button that hid it hands focus back (see `close`). */
function apply(dispatch: Dispatch<FilterAction>, close: () => void) {
  dispatch({ type: 'apply' });
  if (window.matchMedia?.(sheetQuery).matches) close();
}

/**
 * The filter bar of docs/product-rules.md#screens: toggle, clear, and a panel with one group of checkboxes per category (each with
 * its own clear), the course range select and the apply button that counts the selected tags. Tag names are
 * translated here from their slugs.
 */
export function FilterBar({
  state,
  dispatch,
  categories,
}: {
  state: FilterState;
  dispatch: Dispatch<FilterAction>;
  categories: readonly TagCategory[];
}) {
  const { t } = useTranslation();
  const panelId = useId();
  const rangeId = useId();
  const count = selectedCount(state);
  const titleId = useId();
  const bar = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDialogElement>(null);
  // Hiding the panel from inside it would drop focus to the page (WCAG 2.4.3): it goes back to the "Filter" toggle,
  // which stays visible and opens the panel again (found in the bar: the shared Button takes no ref).
  const close = () => {
    bar.current?.querySelector<HTMLButtonElement>('button[aria-expanded]')?.focus();
    dispatch({ type: 'toggleOpen' });
  };
  // On a phone the panel is a modal sheet: showModal keeps focus inside and makes the page behind it
  // inert; on a wide screen it opens in place, the listing beside it usable.
  useEffect(() => {
    const dialog = panel.current;
    if (!dialog) return;
    if (state.open && !dialog.open) {
      if (window.matchMedia?.(sheetQuery).matches) dialog.showModal();
      else dialog.show();
    } else if (!state.open && dialog.open) dialog.close();
  }, [state.open]);
  // Escape closes it, modal or not, and the focus goes back to the toggle (the browser's own cancel is kept from
  // closing it a second time).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  };

  return (
    <div className="catalog-filter">
      <div className="catalog-filter__bar" ref={bar}>
        <Button
          variant="secondary"
          aria-expanded={state.open}
          aria-controls={panelId}
          onClick={() => dispatch({ type: 'toggleOpen' })}
        >
          {t('catalog.filter.toggle')}
        </Button>
        <Button variant="secondary" onClick={() => dispatch({ type: 'clear' })}>
          {t('catalog.filter.clear')}
        </Button>
      </div>
      <dialog
        ref={panel}
        id={panelId}
        className="catalog-filter__panel"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        // A close the page did not ask for (the browser's): the state follows, and the focus goes to the toggle.
        onClose={() => {
          if (state.open) close();
        }}
      >
        <div className="catalog-filter__sheet-head">
          <h2 id={titleId}>{t('catalog.filter.title')}</h2>
          <Button variant="secondary" onClick={close}>
            {t('common.close')}
          </Button>
        </div>
        <div className="catalog-filter__categories">
          {filterCategories(categories).map((category) => {
            const name = t(`catalog.filter.categories.${category.slug}`);
            return (
              <fieldset key={category.id} className="catalog-filter__category">
                <legend>{name}</legend>
                {category.tags.map((tag) => (
                  <label key={tag.id} className="catalog-filter__option">
                    <input
                      type="checkbox"
                      checked={state.draft.tags.includes(tag.slug)}
                      onChange={() => dispatch({ type: 'toggleTag', slug: tag.slug })}
                    />
                    {t(`catalog.tags.${tag.slug}`, { defaultValue: tag.slug })}
                  </label>
                ))}
                <button
                  type="button"
                  className="catalog-filter__clear-category"
                  onClick={() => dispatch({ type: 'clearCategory', slugs: category.tags.map((tag) => tag.slug) })}
                >
                  {/* The name starts with the visible words (speech input), the category follows for screen readers. */}
                  {t('catalog.filter.clearCategory')}
                  <span className="shop-visually-hidden"> ({name})</span>
                </button>
              </fieldset>
            );
          })}
        </div>
        <div className="catalog-filter__range">
          <label htmlFor={rangeId}>{t('catalog.filter.range')}</label>
          <select
            id={rangeId}
            value={state.draft.months}
            onChange={(event) => dispatch({ type: 'setRange', months: Number(event.target.value) as RangeMonths })}
          >
            {rangeOptions.map((months) => (
              <option key={months} value={months}>
                {t('catalog.filter.rangeOption', { count: months })}
              </option>
            ))}
          </select>
        </div>
        <div className="catalog-filter__actions">
          <Button onClick={() => apply(dispatch, close)}>{t('catalog.filter.apply', { count })}</Button>
        </div>
      </dialog>
    </div>
  );
}
