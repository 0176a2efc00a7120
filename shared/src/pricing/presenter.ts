import {
  orderPricesOf,
  type Order,
  type OrderPrices,
  type PriceResult,
  type PriceResultItem,
} from '../contract/index.ts';
import { eurosToCents } from '../money/index.ts';

/**
 * One way to present prices (docs/decisions/0034-one-price-presenter.md): every screen, the order mail and the
 * mail preview show a line as list price, the discounts on it (named: the codes, or package credits) and what
 * is left to pay, and a summary of subtotal, each code, credits and total. Pure functions over integer cents;
 * the screens and the mail only translate and format what comes out, so the lines add up to the total
 * everywhere by construction.
 */

export type PricedKind = 'course' | 'product' | 'package';

/**
 * How VAT reads for a line: every offer of the school is an educational service (courses, conversation hours and
 * flexible modules, exam preparation, packages of hours or modules), exempt under § 4 Nr. 21 UStG. `included`
 * is there for an offer that is taxed; the wording then says the price includes VAT.
 */
export type VatTreatment = 'exempt' | 'included';
const vatByKind: Record<PricedKind, VatTreatment> = { course: 'exempt', product: 'exempt', package: 'exempt' };

/** What the presenter needs of one priced line, in cents. */
export interface PriceLineInput {
  kind: PricedKind;
  quantity: number;
  unitCents: number;
  /** Places paid with package credits. */
  creditPlaces: number;
  /** This line's share of the discount codes. */
  codeDiscountCents: number;
  /** The codes that have a share in this line. */
  codes: readonly string[];
  /** The server's amount to pay for the line (a price result's `finalPrice`): shown as it is, never recomputed. */
  payCents?: number;
}

export type LineDiscount =
  { kind: 'code'; codes: readonly string[]; cents: number } | { kind: 'credit'; places: number; cents: number };

export interface PresentedLine {
  kind: PricedKind;
  quantity: number;
  unitCents: number;
  /** quantity × unit price. */
  listCents: number;
  /** Credits first, then codes; only those that take something off. */
  discounts: LineDiscount[];
  /** listCents minus the discounts. */
  payCents: number;
  vat: VatTreatment;
}

export interface PresentedSummary {
  /** The lines' list prices. */
  subtotalCents: number;
  /** Each code with what it took off, in the order applied. */
  codes: { code: string; cents: number }[];
  /** What package credits paid. */
  creditsCents: number;
  /** subtotal − codes − credits = the sum of the lines' amounts to pay. */
  totalCents: number;
  /** `exempt` when every line is, `included` when every line is taxed, else `mixed`. */
  vat: VatTreatment | 'mixed';
}

export interface PricePresentation {
  lines: PresentedLine[];
  summary: PresentedSummary;
}

export function presentLine(input: PriceLineInput): PresentedLine {
  const listCents = input.quantity * input.unitCents;
  const creditCents = input.creditPlaces * input.unitCents;
  const discounts: LineDiscount[] = [
    ...(creditCents > 0 ? [{ kind: 'credit' as const, places: input.creditPlaces, cents: creditCents }] : []),
    ...(input.codeDiscountCents > 0
      ? [{ kind: 'code' as const, codes: input.codes, cents: input.codeDiscountCents }]
      : []),
  ];
  return {
    kind: input.kind,
    quantity: input.quantity,
    unitCents: input.unitCents,
    listCents,
    discounts,
    payCents: input.payCents ?? listCents - creditCents - input.codeDiscountCents,
    vat: vatByKind[input.kind],
  };
}

/**
 * The lines and their summary. `codes` are the order's (or price result's) applied codes with their amounts;
 * a code's lines' shares add up to its amount (the pricing spreads it so), which the summary relies on.
 */
export function presentPrices(
  lines: readonly PriceLineInput[],
  codes: readonly { code: string; cents: number }[],
): PricePresentation {
  const presented = lines.map(presentLine);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const creditsCents = sum(
    presented.flatMap((line) => line.discounts.filter((d) => d.kind === 'credit').map((d) => d.cents)),
  );
  const vats = new Set(presented.map((line) => line.vat));
  return {
    lines: presented,
    summary: {
      subtotalCents: sum(presented.map((line) => line.listCents)),
      codes: codes.filter((code) => code.cents > 0).map(({ code, cents }) => ({ code, cents })),
      creditsCents,
      totalCents: sum(presented.map((line) => line.payCents)),
      vat: vats.size === 1 ? [...vats][0]! : vats.size === 0 ? 'exempt' : 'mixed',
    },
  };
}

/** Whether subtotal − codes − credits is the total, and the lines' amounts add up to it (tests and guards). */
export function addsUp({ lines, summary }: PricePresentation): boolean {
  const codes = summary.codes.reduce((total, code) => total + code.cents, 0);
  const lineTotal = lines.reduce((total, line) => total + line.payCents, 0);
  return (
    summary.subtotalCents - codes - summary.creditsCents === summary.totalCents && lineTotal === summary.totalCents
  );
}

/** One line of the server's price result. */
function priceLineOfResultItem(item: PriceResultItem): PriceLineInput {
  return {
    kind: item.itemType,
    quantity: item.quantity,
    unitCents: eurosToCents(item.unitPrice),
    creditPlaces: item.appliedCredits,
    codeDiscountCents: eurosToCents(item.discountAmount),
    codes: item.discountCodes,
    payCents: eurosToCents(item.finalPrice),
  };
}

/** One cart line as the cart shows it. */
export const presentResultItem = (item: PriceResultItem): PresentedLine => presentLine(priceLineOfResultItem(item));

/** The cart's and the checkout's presentation: the server's price result. */
export function presentPriceResult(result: PriceResult): PricePresentation {
  return presentPrices(
    result.items.map(priceLineOfResultItem),
    result.discountsApplied.map((applied) => ({
      code: applied.code,
      cents: eurosToCents(applied.totalDiscountAmount),
    })),
  );
}

/** An order's presentation (the account, the confirmation page, the order mail). */
export function presentOrderPrices(prices: OrderPrices): PricePresentation {
  return presentPrices(
    prices.positions.map((position) => ({
      kind: position.kind,
      quantity: position.quantity,
      unitCents: eurosToCents(position.unitPrice),
      creditPlaces: position.appliedCredits,
      codeDiscountCents: eurosToCents(position.discount),
      codes: position.discountCodes,
    })),
    prices.discounts.map((discount) => ({ code: discount.code, cents: eurosToCents(discount.amount) })),
  );
}

export const presentOrder = (order: Order): PricePresentation => presentOrderPrices(orderPricesOf(order));
