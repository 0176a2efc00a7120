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
  netCentsOfGross,
  percentOfCents,
  priceBoundToCents,
} from './money.ts';
