export { formatMoney } from './money.ts';
export { formatDate, formatDateTime, formatSchedule, formatTime, type CourseSchedule } from './date.ts';
