import { formatDate, formatMoney, formatTime, pickText, TagCategoryId, type Course } from '@shop/shared';

type Tagged = { tags: readonly { categoryId: number; slug: string }[] };
type Texted = {
  titles: readonly { language: string; description: string }[];
  descriptions: readonly { language: string; type: 'pretitle' | 'short'; description: string }[];
};

/** Every level of a course or product: its level tags; without one a course is a1 and a product flex (docs/product-rules.md#states). */
export function levelsOf(entity: Tagged, fallback: 'a1' | 'flex'): string[] {
  const levels = entity.tags.filter((tag) => tag.categoryId === TagCategoryId.level).map((tag) => tag.slug);
  return levels.length > 0 ? levels : [fallback];
}

/** Level shown on a card: its first level (levelsOf). */
export function levelOf(entity: Tagged, fallback: 'a1' | 'flex'): string {
  return levelsOf(entity, fallback)[0]!;
}

/** Title, pretitle and short description in `language` (German, then any, as fallback). */
export function cardTexts(entity: Texted, language: string) {
  const of = (type: 'pretitle' | 'short') =>
    pickText(
      entity.descriptions.filter((d) => d.type === type),
      language,
    );
  return { title: pickText(entity.titles, language), pretitle: of('pretitle'), short: of('short') };
}

/** Start date as dd.MM.yyyy and the time as HH:mm–HH:mm, or null when it is held by appointment. */
export function scheduleOf(course: Pick<Course, 'startDate' | 'startTime' | 'endTime'>) {
  return {
    date: formatDate(course.startDate),
    time:
      course.startTime && course.endTime
        ? { start: formatTime(course.startTime), end: formatTime(course.endTime) }
        : null,
  };
}

/** The prices a card shows: the regular one, and the offer price when it is discounted. */
export function priceOf(entity: { price: number; discountedPrice: number | null }) {
  const discounted = entity.discountedPrice !== null && entity.discountedPrice < entity.price;
  return { regular: formatMoney(entity.price), offer: discounted ? formatMoney(entity.discountedPrice!) : null };
}

/** Today as yyyy-MM-dd in the visitor's time zone (deadlines are calendar dates). */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Whether registration is still open: its last day (the registration deadline) is today or later. */
export function registrationOpen(course: Pick<Course, 'registrationDeadline'>, today = localToday()): boolean {
  return course.registrationDeadline >= today;
}

/** Whether a course or appointment can still be booked: a place is free and the deadline has not passed. */
export function isBookable(course: Pick<Course, 'freePlaces' | 'registrationDeadline'>, today = localToday()): boolean {
  return course.freePlaces > 0 && registrationOpen(course, today);
}
