import type { Generated } from 'kysely';

/**
 * Kysely's view of the customer, order, balance and outbox tables (migrations 0005–0008), kept apart from
 * schema.ts so each area's tables sit together. Instants are ISO-8601 UTC text, flags integers 0/1,
 * money integer cents.
 */

export interface CustomerTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  firstname: string;
  lastname: string;
  display_name: string | null;
  phone: string | null;
  birth_year: string | null;
  language_niveau: string | null;
  language_niveau_details: string | null;
  is_subscribed_to_newsletter: Generated<number>;
  is_email_verified: Generated<number>;
  locale: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface CustomerSessionTable {
  id: Generated<number>;
  customer_id: number;
  token_hash: string;
  remember: Generated<number>;
  created_at: string;
  expires_at: string;
}

export type CustomerTokenPurpose = 'verify_email' | 'password_reset' | 'email_change';

export interface CustomerTokenTable {
  id: Generated<number>;
  customer_id: number;
  purpose: CustomerTokenPurpose;
  token_hash: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Added by 0070_customer_email_undo: a link to the former address that takes an e-mail change back. */
export interface CustomerEmailUndoTable {
  id: Generated<number>;
  customer_id: number;
  token_hash: string;
  /** The former address: where the link went, and what undoing restores. */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AddressColumns {
  firstname: string;
  lastname: string;
  address_line1: string;
  address_line2: string;
  city: string;
  zip: string;
  country: string;
}

export interface CustomerBillingAddressTable extends AddressColumns {
  customer_id: number;
  updated_at: string;
}

export interface ShopOrderTable {
  id: Generated<number>;
  increment_id: string;
  customer_id: number | null;
  email: string;
  status: string;
  is_refunded: Generated<number>;
  total_price_cents: number;
  comment: string | null;
  locale: Generated<string>;
  created_at: string;
  /** Added by 0040_checkout. */
  timezone: Generated<string>;
  marketing_opt_in: Generated<number>;
  payment_method: string | null;
  /** Added by 0050_payment_hold: until when a payment_pending order holds what it took (ISO instant). */
  hold_expires_at: string | null;
  /** Added by 0052_cancel_reason: why a cancelled order was cancelled (OrderCancelReason of the contract). */
  cancel_reason: string | null;
  /** Added by 0059_withdrawal: when the consumer expressly requested that courses begin early (ISO instant). */
  early_start_requested_at: Generated<string | null>;
  /** Added by 0066_order_access_key: hash of the key that shows the confirmation its prices (null: older order). */
  access_key_hash: Generated<string | null>;
  /** Added by 0071_order_chargeback: what the buyer's bank took back of the payment, and when the shop learnt it. */
  charged_back_cents: Generated<number>;
  charged_back_at: Generated<string | null>;
  /** Added by 0100_privacy: when the personal data was reduced to what bookkeeping needs (docs/privacy.md). */
  reduced_at: Generated<string | null>;
  /** Added by 0100_privacy: when the bookkeeping period ended and the last personal data went. */
  anonymized_at: Generated<string | null>;
}

export interface OrderBillingAddressTable extends AddressColumns {
  order_id: number;
  phone: string | null;
  birth_year: string | null;
}

export interface CourseBookingTable {
  id: Generated<number>;
  order_id: number;
  course_id: number;
  quantity: number;
  total_price_cents: number;
  discount_cents: number;
  /** Added by 0062_order_line_prices: price of one place, places paid with credits, codes with a share (comma-joined). */
  unit_price_cents: Generated<number>;
  credits_applied: Generated<number>;
  discount_codes: Generated<string>;
  /** Added by 0059_withdrawal: the declaration that withdrew this position; null while it stands. */
  withdrawal_id: Generated<number | null>;
  /** Added by 0090_catalogue_admin: when the school cancelled the course of this position; null while it stands. */
  cancelled_at: Generated<string | null>;
}

export interface CourseBookingParticipantTable {
  id: Generated<number>;
  course_booking_id: number;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  birth_year: string | null;
}

export interface ProductOrderTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  quantity: number;
  unit_price_cents: number;
  /** Added by 0062_order_line_prices: this position's share of the codes, and which (comma-joined). */
  discount_cents: Generated<number>;
  discount_codes: Generated<string>;
  /** Added by 0059_withdrawal: the declaration that withdrew this position; null while it stands. */
  withdrawal_id: Generated<number | null>;
}

export interface CustomerBalanceTransactionTable {
  id: Generated<number>;
  order_id: number;
  transaction_type: Generated<string>;
  type_id: number;
  amount: number;
  quantity: number;
  total_price_cents: number;
  /** Added by 0040_checkout: credits of this purchase already spent by courses of the same order. */
  used_in_order: Generated<number>;
  /** Added by 0062_order_line_prices: price of one package, its share of the codes, and which (comma-joined). */
  unit_price_cents: Generated<number>;
  discount_cents: Generated<number>;
  discount_codes: Generated<string>;
  /** Added by 0059_withdrawal: the declaration that withdrew this position; null while it stands. */
  withdrawal_id: Generated<number | null>;
}

export interface PaymentTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  method: string | null;
  transaction_id: string | null;
  status: string;
  payment_link: string | null;
  amount_cents: number;
  created_at: string;
  updated_at: string;
  /** Added by 0040_checkout: money arrived for an order already cancelled. */
  refund_required: Generated<number>;
  /** Added by 0063_payment_capture: null (nothing to capture), `due` or `captured`; an authorized payment's capture. */
  capture_status: string | null;
  /** The provider's id of the capture, once created. */
  capture_id: string | null;
  /** Why the last capture attempt failed (cleared when one succeeds). */
  capture_error: string | null;
  /** When a due capture is tried (again). */
  capture_next_at: string | null;
  capture_attempts: Generated<number>;
}

export interface CustomerBalanceTable {
  id: Generated<number>;
  customer_id: number;
  type_id: number;
  balance: number;
  valid_from: string;
  valid_until: string;
  order_id: number | null;
}

/** The tables above by name, merged into `Database` in schema.ts. */
/** Added by 0086_login_devices_and_links: a browser that has logged in to the account (its device token). */
export interface CustomerDeviceTable {
  id: Generated<number>;
  customer_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

/** Added by 0086_login_devices_and_links: a one-time login link sent to `email`. */
export interface CustomerLoginLinkTable {
  id: Generated<number>;
  customer_id: number;
  token_hash: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface CustomerDatabase {
  customer: CustomerTable;
  customer_device: CustomerDeviceTable;
  customer_login_link: CustomerLoginLinkTable;
  customer_session: CustomerSessionTable;
  customer_token: CustomerTokenTable;
  customer_email_undo: CustomerEmailUndoTable;
  customer_billing_address: CustomerBillingAddressTable;
  shop_order: ShopOrderTable;
  order_billing_address: OrderBillingAddressTable;
  course_booking: CourseBookingTable;
  course_booking_participant: CourseBookingParticipantTable;
  product_order: ProductOrderTable;
  customer_balance_transaction: CustomerBalanceTransactionTable;
  payment: PaymentTable;
  customer_balance: CustomerBalanceTable;
}
