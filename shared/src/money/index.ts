export {
  centsToDecimal,
  centsToEuros,
  centsToGermanDecimal,
  decimalToCents,
  eurosToCents,
  formatCents,
  formatCentsIn,
  formatMoney,
  hasWholeCents,
  maxSqlInteger,
  netCentsOfGross,
  parseEuroText,
  percentOfCents,
  priceBoundToCents,
} from './money.ts';
export type { EuroTextError } from './money.ts';
