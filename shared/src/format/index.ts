export { formatMoney } from './money.ts';
export {
  formatDate,
  formatDateTime,
  formatInstantInZone,
  formatSchedule,
  formatTime,
  isoDateMonthsAfter,
} from './date.ts';
