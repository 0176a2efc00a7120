import type { Language, Order } from '@shop/shared/contract';
import { eurosToCents } from '@shop/shared/money';
import type { PaymentLine } from '../payment-provider/provider.ts';
import { positionNames } from './confirmation-mail.ts';

/** "2 × name" for more than one (each line is one priced position: credits and discounts make unit prices uneven). */
const counted = (quantity: number, name: string) => (quantity > 1 ? `${quantity} × ${name}` : name);

/**
 * The order's positions as a payment provider lists them (Mollie's `lines`, which Klarna requires): one line per
 * course booking, product and package, named as in the confirmation mail, each with its total after discounts and
 * credits. Positions that cost nothing (paid with credits) are left out.
 */
export function paymentLinesOf(order: Order, language: Language): PaymentLine[] {
  const courses = order.courseBookings.map((booking) => {
    const totalCents = eurosToCents(booking.totalPrice);
    const discountCents = eurosToCents(booking.discount);
    return {
      kind: 'digital' as const,
      description: counted(booking.quantity, positionNames.course(booking, language)),
      quantity: 1,
      unitPriceCents: totalCents + discountCents,
      discountCents,
      totalCents,
    };
  });
  const products = order.productOrders.map((line) => {
    const unitPriceCents = eurosToCents(line.unitPrice);
    return {
      kind: 'physical' as const,
      description: positionNames.product(line, language),
      quantity: line.quantity,
      unitPriceCents,
      discountCents: eurosToCents(line.discount),
      totalCents: eurosToCents(line.totalPrice),
    };
  });
  const packages = order.customerBalanceTransactions.map((row) => {
    const totalCents = eurosToCents(row.totalPrice);
    const discountCents = eurosToCents(row.discount);
    return {
      kind: 'digital' as const,
      description: counted(row.quantity, positionNames.package(row, language)),
      quantity: 1,
      unitPriceCents: totalCents + discountCents,
      discountCents,
      totalCents,
    };
  });
  return [...courses, ...products, ...packages].filter((line) => line.unitPriceCents > 0);
}
