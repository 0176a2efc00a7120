import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { orderCommentMaxLength, type CheckoutForm } from '@shop/shared';
import { useError } from './fields.tsx';

const commentId = 'checkout-comment';

/** The order's comment, with its count of characters typed. */
export function CommentField({ form }: { form: UseFormReturn<CheckoutForm> }) {
  const { t } = useTranslation();
  const commentError = useError(form, 'comment');
  const comment = useWatch({ control: form.control, name: 'comment' }) ?? '';
  return (
    <div className="checkout-section shop-field">
      <label htmlFor={commentId}>{t('cartCheckout.checkout.comment.label')}</label>
      <textarea
        id={commentId}
        rows={4}
        maxLength={orderCommentMaxLength}
        aria-invalid={commentError ? true : undefined}
        aria-describedby={`${commentId}-count${commentError ? ` ${commentId}-error` : ''}`}
        {...form.register('comment')}
      />
      <span id={`${commentId}-count`} className="checkout-hint">
        {t('cartCheckout.checkout.comment.count', { count: comment.length, max: orderCommentMaxLength })}
      </span>
      {commentError ? (
        <span id={`${commentId}-error`} className="shop-field__error">
          {commentError}
        </span>
      ) : null}
    </div>
  );
}
