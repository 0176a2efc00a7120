import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, cartSyncQueryParameter, createCartSync, useCartStore } from '@shop/shared';

/**
 * Carries the cart, with its discount codes, to another browser or device: parks it on the server (24 h) and shows
 * a /cart link with its id in the cartSync parameter.
 */
export function CartTransfer() {
  const { t } = useTranslation();
  const id = useId();
  const [link, setLink] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'failed' | 'copied'>('idle');

  const create = async () => {
    try {
      // The codes travel too: the cart on the other device checks them again with its price request.
      const { items, discountCodes } = useCartStore.getState();
      const { id: syncId } = await createCartSync(items, discountCodes);
      const url = new URL('/cart', window.location.origin);
      url.searchParams.set(cartSyncQueryParameter, syncId);
      setLink(url.href);
      setState('idle');
    } catch (error) {
      console.error(error);
      setState('failed');
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link ?? '');
      setState('copied');
    } catch (error) {
      console.error(error);
    }
  };

  return (
    <div className="cart-transfer">
      <Button variant="secondary" onClick={() => void create()}>
        {t('cartCheckout.transfer.button')}
      </Button>
      {link ? (
        <div className="cart-transfer__link">
          <label htmlFor={id}>{t('cartCheckout.transfer.label')}</label>
          <div className="cart-transfer__row">
            <input
              id={id}
              readOnly
              value={link}
              onFocus={(event) => event.target.select()}
              data-testid="cart-transfer-link"
            />
            <Button variant="secondary" onClick={() => void copy()}>
              {t('cartCheckout.transfer.copy')}
            </Button>
          </div>
        </div>
      ) : null}
      <p aria-live="polite" className="cart-transfer__status">
        {state === 'failed'
          ? t('cartCheckout.transfer.failed')
          : state === 'copied'
            ? t('cartCheckout.transfer.copied')
            : ''}
      </p>
    </div>
  );
}
