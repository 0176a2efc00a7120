export { formatMoney } from './money.ts';
export { formatDate, formatDateTime, formatTime } from './date.ts';
