export {
  centsToDecimal,
  centsToEuros,
  decimalToCents,
  eurosToCents,
  formatCents,
  formatCentsIn,
  formatMoney,
  hasWholeCents,
  maxSqlInteger,
  percentOfCents,
  priceBoundToCents,
} from './money.ts';
