export { sharedTranslator } from './sharedTexts.ts';
export {
  courseMeetings,
  formatCourseDates,
  formatDate,
  formatDateTime,
  formatInstantInZone,
  formatSchedule,
  formatTime,
  isoDateMonthsAfter,
  weekdaysOfTags,
} from './date.ts';
