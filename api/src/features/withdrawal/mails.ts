import type { Language, WithdrawalReceipt, WithdrawalReviewReason } from '@shop/shared/contract';
import { formatInstantInZone } from '@shop/shared/format';
import { formatCents, formatMoney } from '@shop/shared/money';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { fillText, mailButton, mailDocument, mailFacts, mailLink, mailParagraph, mailText } from '../../mail/html.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { queueMail } from '../../mail/outbox.ts';
import de from './mail-texts/de.json' with { type: 'json' };
import en from './mail-texts/en.json' with { type: 'json' };
import es from './mail-texts/es.json' with { type: 'json' };

const texts: Record<Language, typeof de> = { de, en, es };

const reviewTexts: Record<WithdrawalReviewReason, keyof typeof de> = {
  unknown_order: 'reviewUnknownOrder',
  out_of_period: 'reviewOutOfPeriod',
  not_paid: 'reviewNotPaid',
  already_withdrawn: 'reviewAlreadyWithdrawn',
};

/** The receipt's content; `confirmationExpiresAt` is left to the confirmation the mail carries. */
type ReceiptContent = Omit<WithdrawalReceipt, 'confirmationExpiresAt'>;

/** The single-use link of a declaration the shop acts on only once the order's address confirms it. */
export interface ReceiptConfirmation {
  link: string;
  /** UTC instant; the mail names it in Berlin time. */
  expiresAt: string;
}

/** What the receipt says happened to the declaration (the screen shows its own translation of the same). */
function outcomeText(receipt: ReceiptContent, t: typeof de, confirmation: ReceiptConfirmation | undefined): string {
  if (receipt.outcome === 'awaiting_confirmation' && confirmation)
    return fillText(t.outcomeAwaitingConfirmation, { until: formatInstantInZone(confirmation.expiresAt) });
  if (receipt.outcome !== 'withdrawn') return t[reviewTexts[receipt.reviewReason ?? 'unknown_order']];
  return receipt.refundAmount
    ? fillText(t.outcomeWithdrawn, { amount: formatMoney(receipt.refundAmount) })
    : t.outcomeWithdrawnNothing;
}

/**
 * Who a declaration is known to come from: this decides how much of its free text the receipt mail repeats. Anybody
 * can send a declaration to any address, and the shop must not carry their text into somebody's inbox in the
 * school's name (docs/product-rules.md#who-a-mail-greets-by-name, docs/withdrawal-rules.md).
 * - `owner`: the order's logged-in owner, with the receipt going to the order's address or their confirmed account's.
 *   Greeted by the name typed; everything is repeated.
 * - `ownerElsewhere`: the order's logged-in owner, with the receipt going to any other address. The order number and
 *   positions are theirs to send; the typed name is not repeated, since nobody at that address confirmed it.
 * - `orderAddress`: matched an order by its number and address, so the mail goes to that order's own address. Its
 *   order number and positions are that order's and are repeated; the typed name is not.
 * - `unmatched`: matched no order. Neither the typed name nor the typed order number is repeated.
 * Whatever the mail leaves out is named as stored; the screen's receipt shows everything typed.
 */
export type Declarant = 'owner' | 'ownerElsewhere' | 'orderAddress' | 'unmatched';

/** The declaration's content as the receipt mail lists it: typed free text only where `declarant` allows. */
function receiptFacts(receipt: ReceiptContent, t: typeof de, declarant: Declarant): [string, string][] {
  return [
    [t.receiptNumber, receipt.receiptNumber],
    [t.receivedAt, formatInstantInZone(receipt.receivedAt)],
    [t.name, declarant === 'owner' ? receipt.name : t.typedNotRepeated],
    [t.orderNumber, declarant === 'unmatched' ? t.typedNotRepeated : receipt.orderNumber],
    [t.email, receipt.email],
    [t.positions, receipt.positions.length ? receipt.positions.join('\n') : t.wholeContract],
    [t.declaration, t.declarationText],
  ];
}

/**
 * The receipt on a durable medium: the declaration's content as received (free text as `declarant` allows), the date
 * and time it arrived (Berlin time), and what happens next; with `confirmation`, the link that lets the shop act on
 * it. Pure, so a test can read it. A declaration that matched no order keeps its free-text order number out of the
 * subject too, since the subject is what shows in an inbox. `declarant` defaults to the owner for previews; the
 * receipt is sent only through `sendWithdrawalReceipt`, which has it named.
 */
export function renderWithdrawalReceipt(
  receipt: ReceiptContent,
  language: Language,
  { declarant = 'owner', confirmation }: { declarant?: Declarant; confirmation?: ReceiptConfirmation } = {},
): MailMessage {
  const t = texts[language];
  const unmatched =
    declarant === 'unmatched' || (receipt.outcome === 'review' && receipt.reviewReason === 'unknown_order');
  const subject = unmatched ? t.receiptSubjectNoNumber : fillText(t.receiptSubject, { number: receipt.orderNumber });
  const facts = receiptFacts(receipt, t, declarant);
  const outcome = outcomeText(receipt, t, confirmation);
  const greeting = declarant === 'owner' ? fillText(t.greeting, { name: receipt.name }) : t.greetingWithoutName;
  const text = mailText(language, [
    greeting,
    t.receiptIntro,
    facts.map(([label, value]) => `${label}: ${value}`).join('\n'),
    outcome,
    ...(confirmation ? [`${t.confirmAction}: ${confirmation.link}`, t.notYou] : []),
    t.keep,
    t.signature,
  ]);
  const html = mailDocument(language, subject, [
    mailParagraph(greeting),
    mailParagraph(t.receiptIntro),
    mailFacts(facts),
    mailParagraph(outcome),
    ...(confirmation
      ? [mailButton(confirmation.link, t.confirmAction), mailLink(confirmation.link), mailParagraph(t.notYou)]
      : []),
    mailParagraph(t.keep),
    mailParagraph(t.signature),
  ]);
  return { to: receipt.email, subject, text, html };
}

/**
 * The notice that a refund went to the provider. `name`: only the order's logged-in owner's, as in the receipt
 * (`Declarant`); without it the notice greets without a name.
 */
export function renderRefundNotice(
  {
    to,
    name,
    orderNumber,
    amountCents,
    cause = 'withdrawal',
  }: {
    to: string;
    name?: string;
    orderNumber: string;
    amountCents: number;
    /** `shop`: the owner's refund (refundOrder), which follows no withdrawal. */
    cause?: 'withdrawal' | 'shop';
  },
  language: Language,
): MailMessage {
  const t = texts[language];
  const subject = fillText(t.refundSubject, { number: orderNumber });
  const greeting = name === undefined ? t.greetingWithoutName : fillText(t.greeting, { name });
  const intro = fillText(cause === 'shop' ? t.refundIntroByShop : t.refundIntro, {
    number: orderNumber,
    amount: formatCents(amountCents),
  });
  const text = mailText(language, [greeting, intro, t.signature]);
  return {
    to,
    subject,
    text,
    html: mailDocument(language, subject, [mailParagraph(greeting), mailParagraph(intro), mailParagraph(t.signature)]),
  };
}

/** Queues the receipt in the outbox (the one place it is sent from), in the caller's transaction. */
export async function sendWithdrawalReceipt(
  db: Kysely<Database>,
  now: Date,
  receipt: ReceiptContent,
  language: Language,
  options: { declarant: Declarant; confirmation?: ReceiptConfirmation },
): Promise<void> {
  await queueMail(db, renderWithdrawalReceipt(receipt, language, options), { now });
}

/** Queues the refund notice in the outbox (the one place it is sent from), in the transaction that issues it. */
export async function sendRefundNotice(
  db: Kysely<Database>,
  now: Date,
  notice: Parameters<typeof renderRefundNotice>[0],
  language: Language,
): Promise<void> {
  await queueMail(db, renderRefundNotice(notice, language), { now });
}
