import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  Banner,
  Button,
  currentLanguage,
  declareWithdrawal,
  focusDropped,
  useAuthStore,
  useCustomerStore,
  withdrawalFormSchema,
  type WithdrawalForm,
  type WithdrawalPosition,
  type WithdrawalReceipt,
} from '@shop/shared';
import { TextField } from '../forms/fields.tsx';
import { applyServerFieldErrors, isTooManyRequests } from '../forms/messages.ts';
import { Page } from '../ui/Page.tsx';
import { OwnOrders } from './OwnOrders.tsx';
import { Receipt } from './Receipt.tsx';

/**
 * /withdrawal: the electronic withdrawal function, for guests and customers (docs/decisions/0011-withdrawal.md).
 * It asks for name, contract and the address for the receipt, nothing else; a logged-in customer picks one of
 * their orders and, if they like, some of its positions. After "Widerruf bestätigen" it shows the receipt.
 */
export function WithdrawalPage() {
  const { t } = useTranslation();
  const token = useAuthStore((state) => state.token);
  const customer = useCustomerStore((state) => state.customer);
  const loadCustomer = useCustomerStore((state) => state.load);
  // The positions ticked, with the order they were ticked for: once another number is typed they are not that
  // order's, and sending them would turn its whole contract into positions it does not hold.
  const [ticked, setTicked] = useState<{ orderNumber: string; positions: WithdrawalPosition[] }>({
    orderNumber: '',
    positions: [],
  });
  const [receipt, setReceipt] = useState<WithdrawalReceipt | null>(null);
  const [failure, setFailure] = useState<'tooManyAttempts' | 'general' | null>(null);
  const form = useForm<WithdrawalForm>({
    resolver: zodResolver(withdrawalFormSchema),
    defaultValues: { name: '', orderNumber: '', email: '' },
  });
  const orderNumber = form.watch('orderNumber').trim();
  const positions = ticked.orderNumber === orderNumber ? ticked.positions : [];
  const { isSubmitting } = form.formState;

  // A declaration that could not be sent leaves the form as it was; its button, disabled while sending, dropped the
  // focus to the page: it gets it back, beside the alert (WCAG 2.4.3). A receipt takes it itself (Receipt).
  const actions = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (failure && !isSubmitting && focusDropped()) actions.current?.querySelector('button')?.focus();
  }, [failure, isSubmitting]);

  useEffect(() => {
    if (token) void loadCustomer();
  }, [token, loadCustomer]);
  useEffect(() => {
    // A customer confirms their own name and address; they stay editable.
    if (!customer) return;
    if (!form.getValues('name')) form.setValue('name', `${customer.firstname} ${customer.lastname}`.trim());
    if (!form.getValues('email')) form.setValue('email', customer.email);
  }, [customer, form]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const chosen = ticked.orderNumber === values.orderNumber ? ticked.positions : [];
      setReceipt(await declareWithdrawal({ ...values, positions: chosen, locale: currentLanguage() }));
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['name', 'orderNumber', 'email'])) return;
      setFailure(isTooManyRequests(error) ? 'tooManyAttempts' : 'general');
    }
  });

  return (
    <Page title={t('account.withdrawal.title')} narrow>
      {receipt ? (
        <Receipt receipt={receipt} />
      ) : (
        <>
          <p>{t('account.withdrawal.intro')}</p>
          {failure ? <Banner tone="alert">{t(`account.errors.${failure}`)}</Banner> : null}
          <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
            <TextField form={form} name="name" autoComplete="name" label={t('account.withdrawal.name')} required />
            {token ? (
              <OwnOrders
                orderNumber={orderNumber}
                onOrder={(incrementId) =>
                  form.setValue('orderNumber', incrementId, { shouldValidate: form.formState.isSubmitted })
                }
                positions={positions}
                onPositions={(chosen) => setTicked({ orderNumber, positions: chosen })}
              />
            ) : null}
            <TextField
              form={form}
              name="orderNumber"
              label={t('account.withdrawal.orderNumber')}
              hint={t('account.withdrawal.orderNumberHint')}
              required
            />
            <TextField
              form={form}
              name="email"
              type="email"
              autoComplete="email"
              label={t('account.withdrawal.email')}
              required
            />
            <div className="account-form__actions" ref={actions}>
              <Button type="submit" disabled={isSubmitting}>
                {t('account.withdrawal.submit')}
              </Button>
            </div>
          </form>
        </>
      )}
    </Page>
  );
}
