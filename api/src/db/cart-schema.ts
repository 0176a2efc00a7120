import type { Generated } from 'kysely';

/**
 * Kysely's view of the cart tables (migrations 0030–0031, 0055): discount codes with their uses, and carts parked for
 * a transfer to another page. Instants are ISO-8601 UTC text, money integer cents.
 */

export interface DiscountCodeTable {
  id: Generated<number>;
  /** Upper case, at most 20 characters. */
  code: string;
  /** Exactly one of the two is set: a percentage (1–100) or a fixed amount in cents. */
  percent_off: number | null;
  amount_off_cents: number | null;
  /** The code is valid from valid_from (inclusive) to valid_until (exclusive); null means open-ended. */
  valid_from: string | null;
  valid_until: string | null;
  /** Uses in all, and per customer; null means unlimited. */
  usage_limit: number | null;
  usage_limit_per_customer: number | null;
  /** Subtotal (after package credits, before codes) the cart must reach; null means none. */
  min_order_cents: number | null;
  /** Comma-separated item types the code applies to (course, product, package); null means every item. */
  item_types: string | null;
  /** 0: switched off in the back office (migration 0083); the cart treats it as an unknown code. */
  active: Generated<number>;
}

/** One use of a code by an order (written by the checkout's submit). */
export interface DiscountCodeUsageTable {
  id: Generated<number>;
  discount_code_id: number;
  customer_id: number | null;
  order_id: number | null;
  /** The order's address, trimmed and lower-cased (migration 0055); null for uses without an order. */
  email: string | null;
  /** The inbox of that address (mailboxKey, migration 0084): what once-per-customer limits count. */
  inbox: string | null;
  used_at: string;
  /** What the code took off this order (migration 0062). */
  discount_cents: Generated<number>;
}

export interface CartSyncTable {
  id: string;
  /** JSON of the cart items. */
  items: string;
  created_at: string;
  expires_at: string;
  /** JSON of the cart's discount codes (migration 0128). */
  discount_codes: Generated<string>;
}

export interface CartDatabase {
  discount_code: DiscountCodeTable;
  discount_code_usage: DiscountCodeUsageTable;
  cart_sync: CartSyncTable;
}
