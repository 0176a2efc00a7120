export { formatMoney } from './money.ts';
export { formatDate, formatDateTime, formatInstantInZone, formatTime, isoDateMonthsAfter } from './date.ts';
