import type { ShopMode } from '@shop/shared/contract';
import type { Db } from './db/database.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SchoolIdentityCache } from './features/school/identity.ts';
import type { ShippedTextsFollower } from './features/texts/shipped.ts';

/** What route plugins need from the outside world, injected so tests control it (database, clock). */
export interface AppContext {
  db: Db;
  /** The current instant; tests pass a fixed one so "today" and seeded dates are reproducible. */
  now: () => Date;
  /** Delivers queued mails (SMTP, or the dev outbox without SMTP_URL); code that causes a mail queues it (mail/outbox.ts). */
  mailer: Mailer;
  /** Origin of the shop (SHOP_URL): links in mails point here. */
  shopUrl: string;
  /** How long an order waiting for its payment holds what it took (PAYMENT_HOLD_SECONDS, default 1800). */
  paymentHoldSeconds: number;
  /** Course places one client and one inbox may hold in unpaid orders at once (UNPAID_HOLD_PLACES, default 10). */
  unpaidHoldPlaces: number;
  /** `production` leaves out what only development may have: the dev outbox route and the sandbox. */
  mode: ShopMode;
  /** The background jobs of this process (jobs/runner.ts): `ctx.jobs.register({ name, everyMs, run })` adds one. */
  jobs: JobRunner;
  /** How long a waitlist offer holds its place for its person (WAITLIST_OFFER_SECONDS, default 86400). */
  waitlistOfferSeconds: number;
  /** The school's identity as this process serves it (features/school/identity.ts); forgotten when it changes. */
  schoolIdentity: SchoolIdentityCache;
  /** Brings the shipped texts to the live composition's before they are read (features/texts/shipped.ts). */
  shippedTexts?: ShippedTextsFollower;
}
