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

export interface OrderDatabase {
  order_number: OrderNumberTable;
  order_credit_usage: OrderCreditUsageTable;
  sandbox_payment: SandboxPaymentTable;
}
