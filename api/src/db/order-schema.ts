import type { Generated } from 'kysely';

/** Tables and columns the checkout adds (migration 0040_checkout), merged into `Database` in schema.ts. */
export interface OrderNumberTable {
  id: number;
  last_value: number;
}

export interface OrderCreditUsageTable {
  id: Generated<number>;
  order_id: number;
  customer_balance_id: number;
  amount: number;
}

export interface SandboxPaymentTable {
  id: string;
  amount_cents: number;
  status: string;
  reference: string;
  created_at: string;
}

/** Every withdrawal declaration as received (0059_withdrawal); append-only. */
export interface WithdrawalDeclarationTable {
  id: Generated<number>;
  received_at: string;
  name: string;
  order_number: string;
  email: string;
  /** JSON list of { kind, id } as declared; [] for the whole contract. */
  positions: string;
  locale: string;
  customer_id: number | null;
}

/** Money a withdrawal or the owner (0113) gives back, issued through the order's payment provider. */
export interface RefundTable {
  id: Generated<number>;
  order_id: number;
  /** The declaration it follows; null for the owner's refund (refundOrder). */
  withdrawal_id: number | null;
  provider: string;
  payment_transaction_id: string;
  amount_cents: number;
  /** pending until the provider confirmed it, then issued; failed when the provider refused it (0113). */
  status: string;
  provider_refund_id: string | null;
  created_at: string;
  updated_at: string;
  /** 0113: why the owner refunded ('' for a withdrawal), who did, and the provider's refusal. */
  reason: Generated<string>;
  staff_id: number | null;
  failure_reason: string | null;
}

export interface SandboxRefundTable {
  id: string;
  payment_id: string;
  amount_cents: number;
  idempotency_key: string;
  created_at: string;
}

/** 0065_order_hold_client: the client an unpaid order came from, kept while its hold runs. */
export interface OrderHoldClientTable {
  order_id: number;
  client_key: string;
  hold_expires_at: string;
  /** The inbox of the order's address (mailboxKey); null only for rows older than the column. */
  inbox: string | null;
  /** The course places the order holds. */
  places: Generated<number>;
}

export interface OrderDatabase {
  order_hold_client: OrderHoldClientTable;
  withdrawal_declaration: WithdrawalDeclarationTable;
  refund: RefundTable;
  sandbox_refund: SandboxRefundTable;
  order_number: OrderNumberTable;
  order_credit_usage: OrderCreditUsageTable;
  sandbox_payment: SandboxPaymentTable;
}
