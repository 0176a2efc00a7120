import {
  type Language,
  normalizeEmail,
  type ParsedWithdrawalRequest,
  type WithdrawalPosition,
  type WithdrawalReceipt,
} from '@shop/shared/contract';
import { centsToEuros } from '@shop/shared/money';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { recordWithdrawalDecision, type WithdrawalDecision } from '../cases/withdrawal-cases.ts';
import { shopLink } from '../customer/mails.ts';
import { positionNames } from '../order/confirmation-mail.ts';
import { readOrder } from '../order/read.ts';
import type { PaymentProvider } from '../payment-provider/provider.ts';
import {
  claimConfirmation,
  issueConfirmation,
  withdrawalConfirmationMs,
  withdrawalConfirmPath,
} from './confirmation.ts';
import { sendRefundNotice, sendWithdrawalReceipt } from './mails.ts';
import { issuePendingRefunds } from './refunds.ts';
import { findDeclaredOrder, type WithdrawOutcome, withdrawPositions } from './withdraw.ts';
import { inTransaction } from '../../db/database.ts';

export interface Declared {
  receipt: WithdrawalReceipt;
  placesChanged: boolean;
}

type Log = (error: unknown, what: string) => void;

const refundDescriptions: Record<Language, (number: string) => string> = {
  de: (number) => `Widerruf Bestellung ${number}`,
  en: (number) => `Withdrawal order ${number}`,
  es: (number) => `Desistimiento pedido ${number}`,
};

export const receiptNumberOf = (declarationId: number) => `W-${String(declarationId).padStart(6, '0')}`;

/**
 * Which of an address's receipt allowances a declaration uses (routes.ts withdrawalRateLimits): `orderAddress`, one
 * matched to an order by that order's own address (its link goes there); `otherAddress`, one whose receipt goes to an
 * address no order ties it to. Counted apart, so that declarations anybody can send to an address never keep that
 * address's owner from declaring for their own order. The order's logged-in owner writing to their own inbox uses
 * neither (the limit per client still holds).
 */
export type ReceiptAllowance = 'orderAddress' | 'otherAddress';

/** Receipts being written after their answer went out (declareWithdrawal), until they are queued. */
const receiptsInBackground = new Set<Promise<void>>();

/** Resolves once the receipts of the declarations answered so far are queued (for tests in this process). */
export async function withdrawalReceiptsDone(): Promise<void> {
  while (receiptsInBackground.size > 0) await Promise.all(receiptsInBackground);
}

/**
 * A withdrawal declaration, in order: (0) the address's receipt allowance is counted (a 429 stores nothing); (1) it
 * is stored unchanged with its receipt time, whatever follows; (2) the order's logged-in owner's declaration is
 * acted on at once in one transaction that queues its receipt mail (withdrawPositions), and a refund recorded, and
 * any earlier one of the order still pending, goes to the provider; (3) anybody else's is answered at once, the same
 * whatever the order number and address (docs/decisions/0084-smaller-holes.md): received, and what follows is in the
 * mail to the address. The mail is written after the answer: one that matched an order by number and address gets a
 * single-use link, sent to that address, and is acted on when the link is opened (confirmWithdrawal); one that
 * matched nothing is left to the school. (4) The receipt returned never carries the link (only the address's owner
 * may use it) and names positions only to the order's logged-in owner.
 */
export async function declareWithdrawal(
  ctx: AppContext,
  provider: PaymentProvider,
  {
    request,
    customerId,
    log,
    limitReceipts,
  }: {
    request: ParsedWithdrawalRequest;
    customerId: number | null;
    log: Log;
    /** Counts one receipt of `allowance` for the address; throws the 429 once it is used up. */
    limitReceipts: (allowance: ReceiptAllowance, email: string) => Promise<void>;
  },
): Promise<Declared> {
  const matched = await findDeclaredOrder(ctx.db.kysely, { ...request, customerId });
  const ownersInbox =
    matched?.byOwner === true && (await isOwnersInbox(ctx.db.kysely, matched.order, customerId, request.email));
  if (!ownersInbox) await limitReceipts(matched && !matched.byOwner ? 'orderAddress' : 'otherAddress', request.email);

  const receivedAt = ctx.now();
  const declaration = await ctx.db.kysely
    .insertInto('withdrawal_declaration')
    .values({
      received_at: receivedAt.toISOString(),
      name: request.name,
      order_number: request.orderNumber,
      email: request.email,
      positions: JSON.stringify(request.positions),
      locale: request.locale,
      customer_id: customerId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  if (matched?.byOwner !== true) {
    // Whether the number and the address belong together is for the address's owner to learn, from the mail; the
    // answer and its time are the same either way (the mail's work happens after it).
    const receipt: WithdrawalReceipt = {
      ...receiptOf(declaration.id, request, receivedAt, positionsAsSent(request.positions)),
      outcome: 'awaiting_confirmation',
      confirmationExpiresAt: new Date(receivedAt.getTime() + withdrawalConfirmationMs).toISOString(),
    };
    const orderId = matched?.order.id ?? null;
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => queueOthersReceipt(ctx, declaration.id, request, receipt, orderId))
      .catch((error: unknown) => log(error, `Withdrawal receipt ${receipt.receiptNumber} not queued`))
      .finally(() => receiptsInBackground.delete(running));
    receiptsInBackground.add(running);
    return { receipt, placesChanged: false };
  }

  // The receipt is queued in the transaction that acts on the declaration (docs/decisions/0008-outbox-and-jobs.md):
  // whatever that transaction did, its receipt goes out with it.
  const { outcome, receipt } = await inTransaction(ctx.db.kysely, async (trx) => {
    const outcome = await withdrawPositions(trx, {
      declarationId: declaration.id,
      orderNumber: request.orderNumber,
      email: request.email,
      customerId,
      positions: request.positions,
      receivedAt,
    });
    // The owner's typed name goes only to an inbox known to be theirs.
    const positions = await namesOf({ kysely: trx }, matched.order.id, request.positions, request.locale);
    const receipt = withOutcome(receiptOf(declaration.id, request, receivedAt, positions), outcome);
    await recordWithdrawalDecision(trx, decisionOf(declaration.id, request, outcome), ctx.now());
    await sendWithdrawalReceipt(trx, ctx.now(), receipt, request.locale, {
      declarant: ownersInbox ? 'owner' : 'ownerElsewhere',
    });
    return { outcome, receipt };
  });

  await refund(ctx, provider, outcome, request, { greetByName: ownersInbox, log });
  return { receipt, placesChanged: outcome.outcome === 'withdrawn' && outcome.placesChanged };
}

/**
 * The receipt of a declaration not made by the order's logged-in owner, queued in one transaction: matched to an
 * order by its number and address (`orderId`), it carries the single-use link (valid from the receipt time, as the
 * answer said) and names the order's positions, going to the order's own address; matched to nothing, it says the
 * school will look at it and repeats no typed free text.
 */
async function queueOthersReceipt(
  ctx: AppContext,
  declarationId: number,
  request: ParsedWithdrawalRequest,
  answered: WithdrawalReceipt,
  orderId: number | null,
): Promise<void> {
  await inTransaction(ctx.db.kysely, async (trx) => {
    if (orderId !== null) {
      // Knowing a number and its address is not enough to cancel somebody's order: the address confirms.
      const confirmation = await issueConfirmation(trx, declarationId, new Date(answered.receivedAt));
      await recordWithdrawalDecision(
        trx,
        { ...decisionOf(declarationId, request, null), orderId, outcome: 'awaiting_confirmation' },
        ctx.now(),
      );
      // Nor to read what it holds (docs/product-rules.md#the-confirmations-price-list): the mail, which goes to
      // the order's own address, names the positions.
      const named = await namesOf({ kysely: trx }, orderId, request.positions, request.locale);
      await sendWithdrawalReceipt(trx, ctx.now(), { ...answered, positions: named }, request.locale, {
        declarant: 'orderAddress',
        confirmation: {
          link: shopLink(ctx, withdrawalConfirmPath, { token: confirmation.token }),
          expiresAt: confirmation.expiresAt,
        },
      });
      return;
    }
    const unmatchedOutcome = { outcome: 'review', reason: 'unknown_order', orderId: null } as const;
    await recordWithdrawalDecision(trx, decisionOf(declarationId, request, unmatchedOutcome), ctx.now());
    const unmatched = withOutcome(answered, unmatchedOutcome);
    await sendWithdrawalReceipt(trx, ctx.now(), unmatched, request.locale, {
      declarant: 'unmatched',
    });
  });
}

/**
 * The link of a declaration's receipt opened (POST /withdrawals/confirm): uses up the link and acts on the stored
 * declaration as declared, with its original receipt time, so the 14 days are judged on the declaration and not on
 * the click; then refunds as a declaration does. The receipt returned is the declaration's with what became of it.
 * The link proves the order's address, so the declaration acts as one matched by its address; the receipt names the
 * positions as the mail to that address did, but the refund notice does not repeat the typed name.
 */
export async function confirmWithdrawal(
  ctx: AppContext,
  provider: PaymentProvider,
  { token, log }: { token: string; log: Log },
): Promise<Declared> {
  const { outcome, receipt, request } = await inTransaction(ctx.db.kysely, async (trx) => {
    const declaration = await claimConfirmation(trx, token, ctx.now());
    const request: ParsedWithdrawalRequest = {
      name: declaration.name,
      orderNumber: declaration.order_number,
      email: declaration.email,
      positions: JSON.parse(declaration.positions) as WithdrawalPosition[],
      locale: declaration.locale as Language,
    };
    const receivedAt = new Date(declaration.received_at);
    const outcome = await withdrawPositions(trx, {
      declarationId: declaration.id,
      orderNumber: request.orderNumber,
      email: request.email,
      customerId: null,
      positions: request.positions,
      receivedAt,
    });
    const positions = await namesOf({ kysely: trx }, outcome.orderId, request.positions, request.locale);
    const receipt = withOutcome(receiptOf(declaration.id, request, receivedAt, positions), outcome);
    await recordWithdrawalDecision(trx, decisionOf(declaration.id, request, outcome), ctx.now());
    return { outcome, receipt, request };
  });
  await refund(ctx, provider, outcome, request, { greetByName: false, log });
  return { receipt, placesChanged: outcome.outcome === 'withdrawn' && outcome.placesChanged };
}

/**
 * Sends the order's pending refunds to the provider. A provider failure leaves the refund pending and does not cost
 * the consumer the receipt; the next declaration the shop acts on for the order retries it, also one that finds
 * nothing left to withdraw (a consumer whose refund did not arrive declares again), under the same key. The notice greets by the typed name
 * only as the receipt did: the order's logged-in owner's, at an address known to be theirs (`Declarant` in mails.ts).
 */
async function refund(
  ctx: AppContext,
  provider: PaymentProvider,
  outcome: WithdrawOutcome,
  request: ParsedWithdrawalRequest,
  { greetByName, log }: { greetByName: boolean; log: Log },
): Promise<void> {
  if (outcome.orderId === null) return;
  try {
    await issuePendingRefunds(
      ctx.db.kysely,
      provider,
      outcome.orderId,
      ctx.now(),
      refundDescriptions[request.locale](request.orderNumber),
      (trx, refund) =>
        sendRefundNotice(
          trx,
          ctx.now(),
          {
            to: request.email,
            name: greetByName ? request.name : undefined,
            orderNumber: request.orderNumber,
            amountCents: refund.amountCents,
          },
          request.locale,
        ),
    );
  } catch (error) {
    log(error, `Refund for order ${request.orderNumber} not issued yet; it stays pending`);
  }
}

/**
 * Whether a receipt address is known to be the order's logged-in owner's: the order's own address, or their account's
 * confirmed one. The owner may send the receipt anywhere, but their typed name is their free text, and nobody at
 * another address confirmed it (docs/product-rules.md#who-a-mail-greets-by-name).
 */
async function isOwnersInbox(
  db: Kysely<Database>,
  order: { email: string },
  customerId: number | null,
  email: string,
): Promise<boolean> {
  if (normalizeEmail(order.email) === normalizeEmail(email)) return true;
  if (customerId === null) return false;
  const customer = await db
    .selectFrom('customer')
    .select(['email', 'is_email_verified'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  return (
    customer !== undefined &&
    customer.is_email_verified === 1 &&
    normalizeEmail(customer.email) === normalizeEmail(email)
  );
}

/** The receipt's content as declared, before anything became of it; `positions` as the caller may show them. */
function receiptOf(
  declarationId: number,
  request: ParsedWithdrawalRequest,
  receivedAt: Date,
  positions: string[],
): WithdrawalReceipt {
  return {
    receiptNumber: receiptNumberOf(declarationId),
    receivedAt: receivedAt.toISOString(),
    name: request.name,
    orderNumber: request.orderNumber,
    email: request.email,
    positions,
    outcome: 'review',
    reviewReason: null,
    refundAmount: null,
    confirmationExpiresAt: null,
  };
}

/** The positions as sent, by kind and id: what a receipt may show anybody without telling what an order holds. */
const positionsAsSent = (positions: readonly WithdrawalPosition[]) =>
  positions.map((position) => `${position.kind} #${position.id}`);

/** A declaration's decision as the school's queue keeps it (cases/withdrawal-cases.ts). */
const decisionOf = (
  declarationId: number,
  request: Pick<ParsedWithdrawalRequest, 'orderNumber'>,
  outcome: WithdrawOutcome | null,
): WithdrawalDecision => ({
  declarationId,
  receiptNumber: receiptNumberOf(declarationId),
  orderNumber: request.orderNumber,
  orderId: outcome?.orderId ?? null,
  outcome: outcome?.outcome ?? 'awaiting_confirmation',
  reason: outcome?.outcome === 'review' ? outcome.reason : null,
  refundCents: outcome?.outcome === 'withdrawn' ? outcome.refundCents : 0,
});

const withOutcome = (receipt: WithdrawalReceipt, outcome: WithdrawOutcome): WithdrawalReceipt => ({
  ...receipt,
  outcome: outcome.outcome,
  reviewReason: outcome.outcome === 'review' ? outcome.reason : null,
  refundAmount: outcome.outcome === 'withdrawn' ? centsToEuros(outcome.refundCents) : null,
});

/**
 * The declared positions as the order names them (in the declaration's language); unknown ones by kind and id. Only
 * for whom may know what the order holds: its logged-in owner, and its own address (the mail, the link's page).
 */
async function namesOf(
  db: Pick<Db, 'kysely'>,
  orderId: number | null,
  positions: readonly WithdrawalPosition[],
  language: Language,
): Promise<string[]> {
  if (positions.length === 0) return [];
  const order = orderId === null ? null : await readOrder(db, orderId);
  return positions.map((position) => {
    const course = position.kind === 'course' ? order?.courseBookings.find((row) => row.id === position.id) : undefined;
    if (course) return positionNames.course(course, language);
    const product =
      position.kind === 'product' ? order?.productOrders.find((row) => row.id === position.id) : undefined;
    if (product) return positionNames.product(product, language);
    const purchase =
      position.kind === 'package'
        ? order?.customerBalanceTransactions.find((row) => row.id === position.id)
        : undefined;
    if (purchase) return positionNames.package(purchase, language);
    return positionsAsSent([position])[0]!;
  });
}
