import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, discountCodeMaxLength, discountCodesMax, useCartStore } from '@shop/shared';
import { useCartPriceStore } from './cartPrice.ts';
import { focusNeighbour } from '../focus/focusNeighbour.ts';

/**
 * The discount-code box of the cart and of the checkout summary (docs/product-rules.md#screens, #states, #errors): codes are normalised by the
 * store; each entered code shows as a tag (red when invalid, with the server's reason in red under the box).
 */
export function DiscountCodeBox() {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  // A code typed while the cart carries the most codes it may: kept in the box, with the reason under it.
  const [refusedAsTooMany, setRefusedAsTooMany] = useState(false);
  const { priceResult, isValidatingDiscount, discountError, addDiscountCode, removeDiscountCode } = useCartPriceStore();
  const discountCodes = useCartStore((state) => state.discountCodes);
  const statusOf = (code: string) => priceResult?.discountCodesProvided.find((provided) => provided.code === code);
  const invalid = discountCodes
    .map((code) => ({ code, provided: statusOf(code) }))
    .filter(({ provided }) => provided && provided.status !== 'valid');
  const accepted = discountCodes.filter((code) => statusOf(code)?.status === 'valid');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!addDiscountCode(value) && discountCodes.length >= discountCodesMax && value.trim()) {
      setRefusedAsTooMany(true);
      return;
    }
    setRefusedAsTooMany(false);
    setValue('');
  };

  return (
    <div className="discount-box">
      <form onSubmit={submit} className="discount-box__form">
        <div className="shop-field">
          <label htmlFor={id}>{t('cartCheckout.discount.label')}</label>
          <input
            id={id}
            name="discountCode"
            value={value}
            maxLength={discountCodeMaxLength}
            autoComplete="off"
            onChange={(event) => setValue(event.target.value)}
            aria-describedby={`${id}-errors`}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('cartCheckout.discount.apply')}
        </Button>
      </form>
      {discountCodes.length > 0 ? (
        <ul className="discount-box__codes" aria-label={t('cartCheckout.discount.codes')}>
          {discountCodes.map((code) => {
            const status = statusOf(code)?.status;
            return (
              <li key={code} className={`discount-tag discount-tag--${status ?? 'pending'}`} data-testid="discount-tag">
                <span>
                  {status === 'invalid'
                    ? t('cartCheckout.discount.invalidTag', { code })
                    : status === 'valid'
                      ? t('cartCheckout.discount.validTag', { code })
                      : code}
                </span>
                <button
                  type="button"
                  className="discount-tag__remove"
                  onClick={(event) => {
                    // Focus to the next (else previous) code's remove button, else the code input.
                    focusNeighbour(event.currentTarget.closest('li'), '.discount-tag__remove', () =>
                      document.getElementById(id),
                    );
                    removeDiscountCode(code);
                  }}
                  aria-label={t('cartCheckout.discount.remove', { code })}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div id={`${id}-errors`} aria-live="polite">
        {isValidatingDiscount ? <p role="status">{t('cartCheckout.discount.validating')}</p> : null}
        {invalid.map(({ code, provided }) => (
          <p key={code} className="discount-box__error">
            {provided?.errorMessage || t('cartCheckout.discount.invalid', { code })}
          </p>
        ))}
        {/* An accepted code is said too, not only a refused one: its tag alone changes silently (WCAG 4.1.3). Heard
            once, when it is accepted; the tag shows it. */}
        {accepted.map((code) => (
          <p key={code} className="shop-visually-hidden">
            {t('cartCheckout.discount.accepted', { code })}
          </p>
        ))}
        {discountError ? <p className="discount-box__error">{discountError}</p> : null}
        {refusedAsTooMany && discountCodes.length >= discountCodesMax ? (
          <p className="discount-box__error">{t('cartCheckout.discount.tooMany', { max: discountCodesMax })}</p>
        ) : null}
      </div>
    </div>
  );
}
