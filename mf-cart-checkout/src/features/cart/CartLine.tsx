import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cartQuantity,
  CourseType,
  formatDate,
  formatMoney,
  formatSchedule,
  LinePrice,
  maxCartQuantity,
  useCartStore,
} from '@shop/shared';
import { focusNeighbour, pageHeadingOf } from '../focus/focusNeighbour.ts';
import type { CartLineView } from './cartLines.ts';
import { packageName } from './packageName.ts';

const unitKey = {
  place: 'cartCheckout.cart.quantity',
  piece: 'cartCheckout.cart.pieces',
  package: 'cartCheckout.cart.packages',
} as const;

/** Title of a line in the current language: course and product titles as stored, packages by type and amount. */
export function useLineTitle() {
  const { i18n } = useTranslation();
  return (line: CartLineView) =>
    'text' in line.title
      ? line.title.text
      : packageName(line.title.packageType, line.title.amount, i18n.resolvedLanguage ?? 'de');
}

/**
 * One cart line: what it is (a flexible module with its chosen appointment), its quantity controls (1 to the
 * maximum, and never past a course's free places), its price, and a package's usage warning. `onRemoved` hears of
 * a removal by its button, with the line's title.
 */
export function CartLine({ line, onRemoved }: { line: CartLineView; onRemoved?: (title: string) => void }) {
  const { t } = useTranslation();
  const title = useLineTitle()(line);
  const { setQuantity, decrement, removeItem } = useCartStore.getState();
  const max = maxCartQuantity(line.item);
  const decreaseButton = useRef<HTMLButtonElement>(null);
  const increaseButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  // A quantity button whose click reaches the limit is disabled by it, and a browser drops the focus of a disabled
  // element to the page (WCAG 2.4.3): it hands the focus to the other button first (to "remove" when that one is
  // disabled too, a course with one free place), from the click itself, while the target can still take it.
  const decrease = () => {
    if (line.quantity - 1 <= cartQuantity.min)
      (cartQuantity.min < max ? increaseButton : removeButton).current?.focus();
    decrement(line.id);
  };
  const increase = () => {
    if (line.quantity + 1 >= max) decreaseButton.current?.focus();
    setQuantity(line.id, line.quantity + 1);
  };
  return (
    <li className="cart-line" data-testid="cart-line">
      <div className="cart-line__what">
        <h2>{title}</h2>
        {line.item.itemType === 'course' && line.item.courseType === CourseType.flexibleAppointment ? (
          <p>{t('cartCheckout.cart.appointment', { when: formatSchedule(line.item.courseDetails, t) })}</p>
        ) : line.startDate ? (
          <p>{t('cartCheckout.cart.starts', { date: formatDate(line.startDate) })}</p>
        ) : null}
        {line.item.itemType === 'package' ? <p>{t('cartCheckout.package.description')}</p> : null}
        {line.price ? null : <p>{t('cartCheckout.cart.unitPrice', { price: formatMoney(line.unitPrice) })}</p>}
      </div>
      <div className="cart-line__quantity" role="group" aria-label={t('cartCheckout.cart.quantityLabel', { title })}>
        <button
          ref={decreaseButton}
          type="button"
          className="cart-qty"
          onClick={decrease}
          disabled={line.quantity <= cartQuantity.min}
          aria-label={t('cartCheckout.cart.decrease', { title })}
        >
          −
        </button>
        <output aria-live="polite" data-testid="cart-quantity">
          {t(unitKey[line.unit], { count: line.quantity })}
        </output>
        <button
          ref={increaseButton}
          type="button"
          className="cart-qty"
          onClick={increase}
          disabled={line.quantity >= max}
          aria-label={t('cartCheckout.cart.increase', { title })}
        >
          +
        </button>
      </div>
      <div className="cart-line__price">
        {line.price ? (
          <LinePrice line={line.price} />
        ) : (
          <p>
            <span className="shop-visually-hidden">{t('cartCheckout.cart.lineTotal')}: </span>
            <strong>…</strong>
          </p>
        )}
        <button
          ref={removeButton}
          type="button"
          className="cart-line__remove"
          onClick={(event) => {
            // Focus to the next line's (else the previous line's) remove button, else the cart heading.
            const item = event.currentTarget.closest('li');
            focusNeighbour(item, '.cart-line__remove', () => pageHeadingOf(item));
            removeItem(line.id);
            onRemoved?.(title);
          }}
          aria-label={t('cartCheckout.cart.removeItem', { title })}
        >
          {t('cartCheckout.cart.remove')}
        </button>
      </div>
      {line.item.itemType === 'package' ? (
        <p className="cart-line__warning" data-testid="package-warning">
          {t('cartCheckout.package.warning')}
        </p>
      ) : null}
    </li>
  );
}
