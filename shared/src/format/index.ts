export { formatMoney } from './money.ts';
export { formatDate, formatDateTime, formatTime, isoDateMonthsAfter } from './date.ts';
