import { useTranslation } from 'react-i18next';
import { PriceChangeNotice } from './PriceChangeNotice.tsx';
import { SubmitNotice } from './SubmitNotice.tsx';
import type { useCheckoutSubmit } from './useCheckoutSubmit.ts';

type Outcome = Pick<ReturnType<typeof useCheckoutSubmit>, 'priceChange' | 'providerProblem' | 'failure'>;

/** Why the last order was not placed: a changed price, the payment provider, or another failure. */
export function SubmitNotices({ priceChange, providerProblem, failure }: Outcome) {
  const { t } = useTranslation();
  return (
    <>
      {priceChange ? <PriceChangeNotice lines={priceChange} /> : null}
      {providerProblem ? (
        <SubmitNotice>
          {t(
            providerProblem === 'refused'
              ? 'cartCheckout.checkout.paymentRefused'
              : 'cartCheckout.checkout.providerUnavailable',
          )}
        </SubmitNotice>
      ) : null}
      {failure ? (
        <SubmitNotice>
          {typeof failure === 'object'
            ? failure.serverText
            : t(failure === 'tooMany' ? 'cartCheckout.checkout.submitTooMany' : 'cartCheckout.checkout.submitFailed')}
        </SubmitNotice>
      ) : null}
    </>
  );
}
