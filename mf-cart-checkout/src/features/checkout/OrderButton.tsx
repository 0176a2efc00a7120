import { useTranslation } from 'react-i18next';
import { Button } from '@shop/shared';

/** The order button, and the polite line that says the order is being sent. */
export function OrderButton({ submitting, blocked }: { submitting: boolean; blocked: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Button type="submit" disabled={submitting || blocked} className="checkout-submit">
        {t('cartCheckout.checkout.submit')}
      </Button>
      <p aria-live="polite" className="checkout-hint">
        {submitting ? t('cartCheckout.checkout.submitting') : ''}
      </p>
    </>
  );
}
