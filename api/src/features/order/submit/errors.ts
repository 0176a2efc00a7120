import type { QuantityAdjustment } from '@shop/shared/contract';
import { PaymentRefusedError, type PaymentProviderUnavailableError } from '../../payment-provider/provider.ts';

/** Places or appointments changed since the cart was priced: nothing was created (409 with the adjustments). */
export class PlacesChangedError extends Error {
  constructor(readonly quantityAdjustments: QuantityAdjustment[]) {
    super('Places or appointments changed since the cart was priced');
  }
}

/** The provider could not take the payment: the placed order was undone (not a withdrawal); nothing held. */
export class SubmitUndoneError extends Error {
  /** The provider refused these details (choose another method), rather than failing (try again). */
  readonly refused: boolean;
  constructor(
    readonly incrementId: string,
    /** Places were taken and given back: cached course searches may have seen them taken. */
    readonly placesChanged: boolean,
    cause: PaymentProviderUnavailableError | PaymentRefusedError,
  ) {
    super(`Order ${incrementId} undone: ${cause.message}`, { cause });
    this.name = 'SubmitUndoneError';
    this.refused = cause instanceof PaymentRefusedError;
  }
}
