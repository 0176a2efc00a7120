import type { Language, ParsedWithdrawalRequest, WithdrawalPosition, WithdrawalReceipt } from '@shop/shared/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { positionNames } from '../order/confirmation-mail.ts';
import { readOrder } from '../order/read.ts';
import type { PaymentProvider } from '../payment/provider.ts';
import { sendRefundNotice, sendWithdrawalReceipt } from './mails.ts';
import { issuePendingRefunds } from './refunds.ts';
import { withdrawPositions } from './withdraw.ts';

export interface Declared {
  receipt: WithdrawalReceipt;
  placesChanged: boolean;
}

const refundDescriptions: Record<Language, (number: string) => string> = {
  de: (number) => `Widerruf Bestellung ${number}`,
  en: (number) => `Withdrawal order ${number}`,
  es: (number) => `Desistimiento pedido ${number}`,
};

export const receiptNumberOf = (declarationId: number) => `W-${String(declarationId).padStart(6, '0')}`;

/**
 * A withdrawal declaration, in order: (1) it is stored unchanged with its receipt time, whatever follows; (2) one
 * transaction acts on it (withdrawPositions) and queues its receipt mail; (3) the refund it recorded, and any
 * earlier one of the order still pending, goes to the provider; (4) the receipt is returned for the screen. A provider failure leaves
 * the refund pending (retried by the next declaration on the order) and does not cost the consumer the receipt.
 */
export async function declareWithdrawal(
  ctx: AppContext,
  provider: PaymentProvider,
  {
    request,
    customerId,
    log,
  }: { request: ParsedWithdrawalRequest; customerId: number | null; log: (error: unknown, what: string) => void },
): Promise<Declared> {
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

  // The receipt is queued in the transaction that acts on the declaration (docs/decisions/0008-outbox-and-jobs.md):
  // whatever that transaction did, its receipt goes out with it.
  const { outcome, receipt } = await ctx.db.kysely.transaction().execute(async (trx) => {
    const outcome = await withdrawPositions(trx, {
      declarationId: declaration.id,
      orderNumber: request.orderNumber,
      email: request.email,
      customerId,
      positions: request.positions,
      receivedAt,
    });
    const receipt: WithdrawalReceipt = {
      receiptNumber: receiptNumberOf(declaration.id),
      receivedAt: receivedAt.toISOString(),
      name: request.name,
      orderNumber: request.orderNumber,
      email: request.email,
      positions: await namesOf({ kysely: trx }, outcome.orderId, request.positions, request.locale),
      outcome: outcome.outcome,
      reviewReason: outcome.outcome === 'review' ? outcome.reason : null,
      refundAmount: outcome.outcome === 'withdrawn' ? outcome.refundCents / 100 : null,
    };
    await sendWithdrawalReceipt(trx, ctx.now(), receipt, request.locale);
    return { outcome, receipt };
  });

  if (outcome.outcome === 'withdrawn') {
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
              name: request.name,
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
  return { receipt, placesChanged: outcome.outcome === 'withdrawn' && outcome.placesChanged };
}

/** The declared positions as the order names them (in the declaration's language); unknown ones by kind and id. */
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
    return `${position.kind} #${position.id}`;
  });
}
