import { itemKey, type ParsedOrderRequest } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { PricedCourseLine } from '../../cart/pricing/index.ts';
import { takePlaces } from '../../catalog/places.ts';
import { claimOffer } from '../../waitlist/offers.ts';
import { requireEarlyStartRequest } from './early-start.ts';
import { PlacesChangedError } from './errors.ts';

/** A waitlist offer an order used for one of its places. */
export interface ClaimedOffer {
  courseId: number;
  offerToken: string;
}

/**
 * Takes the places of the order's course lines, in course id order (one lock order for every submit: no deadlocks
 * on PostgreSQL); a course gone meanwhile is a PlacesChangedError. A waitlist offer the buyer holds is used up here
 * and gives its held place to this order.
 */
export async function takeOrderPlaces(
  trx: Kysely<Database>,
  { request, courseLines, now }: { request: ParsedOrderRequest; courseLines: PricedCourseLine[]; now: Date },
): Promise<ClaimedOffer[]> {
  await requireEarlyStartRequest(
    trx,
    courseLines.map((line) => line.courseId),
    request.earlyStartRequested,
    now,
  );
  const byCourseId = [...courseLines].sort((a, b) => a.courseId - b.courseId);
  const held = new Set<number>();
  const claimedOffers: ClaimedOffer[] = [];
  for (const line of byCourseId) {
    const offerToken = requestedCourse(request, line).offerToken;
    if (offerToken && (await claimOffer(trx, line.courseId, offerToken, now))) {
      held.add(line.courseId);
      claimedOffers.push({ courseId: line.courseId, offerToken });
    }
  }
  for (const line of byCourseId) {
    const fromCourse = line.quantity - (held.has(line.courseId) ? 1 : 0);
    if (!(await takePlaces(trx, line.courseId, fromCourse, { onSaleOnly: true }))) throw new PlacesChangedError([]);
  }
  return claimedOffers;
}

/** The requested course a priced course line stands for (the same identity: pricing keeps every course it prices). */
export function requestedCourse(
  request: ParsedOrderRequest,
  line: PricedCourseLine,
): ParsedOrderRequest['courses'][number] {
  const key = itemKey(line);
  const course = request.courses.find((c) => itemKey({ itemType: 'course', courseId: c.courseId }) === key);
  if (!course) throw new Error(`No requested course for ${key}`);
  return course;
}
