import {
  waitlistJoinResultSchema,
  waitlistLeaveResultSchema,
  waitlistOfferSchema,
  type WaitlistJoinRequest,
} from '../contract/index.ts';
import { call } from './client.ts';

/** The waitlist calls; the token goes along when there is one (a customer waits with the account's address). */

export const joinWaitlist = (request: WaitlistJoinRequest) =>
  call({
    method: 'POST',
    path: '/waitlist/join',
    body: request,
    auth: true,
    result: waitlistJoinResultSchema,
    failure: 'Failed to join the waitlist',
  });

export const fetchWaitlistOffer = (token: string) =>
  call({
    method: 'POST',
    path: '/waitlist/offer',
    body: { token },
    result: waitlistOfferSchema,
    failure: 'Failed to fetch the waitlist offer',
  });

export const leaveWaitlist = (token: string) =>
  call({
    method: 'POST',
    path: '/waitlist/leave',
    body: { token },
    result: waitlistLeaveResultSchema,
    failure: 'Failed to leave the waitlist',
  });
