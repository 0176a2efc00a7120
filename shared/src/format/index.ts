export { formatMoney } from './money.ts';
export { formatDate, formatDateTime, formatInstantInZone, formatTime } from './date.ts';
