import { useTranslation } from 'react-i18next';
import { createFieldKit, type ValidationCode } from '@shop/shared';
import { invalidKey, validationKeys } from './texts.ts';

/** The shop's one field kit, with the checkout's texts: the contract's validation codes, anything else "invalid". */
export const {
  TextField: TextInput,
  SelectField: Select,
  CheckboxField: Checkbox,
  useFieldError: useError,
} = createFieldKit(() => {
  const { t } = useTranslation();
  return {
    error: (code) => t(validationKeys[code as ValidationCode] ?? invalidKey),
    required: t('cartCheckout.checkout.required'),
    confirm: t('cartCheckout.checkout.validation.confirm'),
  };
});
