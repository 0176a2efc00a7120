/**
 * What a product line costs: its list price times quantity, less its codes' discount. A product line stores no
 * total of its own (unlike course bookings and packages), so every reader asks this one function.
 */
export function productLineTotalCents(line: {
  quantity: number;
  unit_price_cents: number;
  discount_cents: number;
}): number {
  return line.quantity * line.unit_price_cents - line.discount_cents;
}
