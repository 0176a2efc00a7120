export { formatMoney } from './money.ts';
export { formatDate, formatDateTime, formatInstantInZone, formatSchedule, formatTime, isoDateMonthsAfter, type CourseSchedule } from './date.ts';
