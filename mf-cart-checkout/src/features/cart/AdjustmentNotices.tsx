import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { focusDropped, QuantityAdjustmentReason, type CartNotification } from '@shop/shared';
import { useCartNotificationStore } from '../pricing/cartNotifications.ts';
import { focusNeighbour, pageHeadingOf } from '../focus/focusNeighbour.ts';

/** Text key per reason of docs/product-rules.md#errors (literal keys, so the translation check sees each one). */
const reasonKeys: Record<string, string> = {
  [QuantityAdjustmentReason.registrationDeadlinePassed]: 'cartCheckout.adjustment.REGISTRATION_DEADLINE_PASSED',
  [QuantityAdjustmentReason.courseFullyBooked]: 'cartCheckout.adjustment.COURSE_FULLY_BOOKED',
  [QuantityAdjustmentReason.notEnoughPlaces]: 'cartCheckout.adjustment.NOT_ENOUGH_PLACES',
  [QuantityAdjustmentReason.notEnoughAppointments]: 'cartCheckout.adjustment.NOT_ENOUGH_APPOINTMENTS',
  // Staff took the course off sale or cancelled it (the API's reason; the contract keeps reasons open strings).
  COURSE_NOT_OFFERED: 'cartCheckout.adjustment.COURSE_NOT_OFFERED',
};

/** The reason of docs/product-rules.md#errors in words; a reason this screen does not know is shown as it came. */
export function useAdjustmentText() {
  const { t } = useTranslation();
  return ({ adjustment, courseName }: Pick<CartNotification, 'adjustment' | 'courseName'>) => {
    const key = Object.hasOwn(reasonKeys, adjustment.reason) ? reasonKeys[adjustment.reason] : undefined;
    const reason = key
      ? t(key, { count: adjustment.adjustedQuantity, requested: adjustment.requestedQuantity })
      : adjustment.reason;
    return t('cartCheckout.adjustment.message', { course: courseName, reason, interpolation: { escapeValue: false } });
  };
}

/**
 * One dismissible warning per quantity adjustment; each vanishes after 10 s (the store's timer). `takeFocus` (cart
 * and checkout): an adjustment may leave the focus dropped to the page, by removing the cart line whose button had it
 * or by answering the checkout's order button, disabled while it sent; the first new notice then takes it
 * (docs/decisions/0064-focus-moves-in-layout-effects.md), never while the focus is anywhere else.
 */
export function AdjustmentNotices({ takeFocus = false }: { takeFocus?: boolean }) {
  const notifications = useCartNotificationStore((state) => state.notifications);
  if (notifications.length === 0) return null;
  return (
    <div className="cart-notices">
      {notifications.map((notification) => (
        <AdjustmentNotice key={notification.id} notification={notification} takeFocus={takeFocus} />
      ))}
    </div>
  );
}

/** Focus to the next (else previous) notice's close button, else the page heading (WCAG 2.4.3). */
const handFocusOn = (notice: Element | null) =>
  focusNeighbour(notice, '.cart-notice__dismiss', () => pageHeadingOf(notice));

function AdjustmentNotice({ notification, takeFocus }: { notification: CartNotification; takeFocus: boolean }) {
  const { t } = useTranslation();
  const dismiss = useCartNotificationStore((state) => state.dismiss);
  const text = useAdjustmentText();
  const notice = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (takeFocus && focusDropped()) notice.current?.focus();
  }, [takeFocus]);
  // The store's timer removes a notice with nobody clicking: if it holds the focus then, hand it on before it goes
  // (a layout effect's cleanup runs while the notice is still in the page). A dismissed one has handed it on already.
  useLayoutEffect(() => {
    const element = notice.current;
    return () => {
      if (element?.contains(element.ownerDocument.activeElement)) handFocusOn(element);
    };
  }, []);
  return (
    <div
      ref={notice}
      className="shop-banner shop-banner--warning cart-notice"
      tabIndex={takeFocus ? -1 : undefined}
      role="alert"
      data-testid="adjustment-notice"
    >
      <span>{text(notification)}</span>
      <button
        type="button"
        className="cart-notice__dismiss"
        onClick={() => {
          handFocusOn(notice.current);
          dismiss(notification.id);
        }}
        aria-label={t('cartCheckout.adjustment.dismiss')}
      >
        ×
      </button>
    </div>
  );
}
