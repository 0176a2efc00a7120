import type { Language } from '@shop/shared/contract';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * How many orders waiting for their payment one client (its rate-limit key, rate-limit/client-key.ts) may have
 * open at once (docs/product-rules.md#limits). One order carries a whole
 * family booking (up to 5 places per course, any number of courses), and a buyer who leaves the payment page and
 * orders again still has the first hold running until it ends: three covers that; a fourth unpaid order at
 * once from one address is no longer one household keeping places for itself.
 */
export const unpaidHoldsPerClient = 3;

/**
 * How many course places one client and one inbox may hold in unpaid orders at once unless UNPAID_HOLD_PLACES
 * says otherwise (docs/decisions/0083-unpaid-places-cap.md): a family or a small company booking several places
 * of a course, or a few courses, fits; holding a whole catalogue takes dozens of addresses.
 */
export const defaultUnpaidHoldPlaces = 10;

/** Who an unpaid order is counted for: the client's rate-limit key and the inbox of the order's address. */
export interface HoldKeys {
  clientKey: string;
  /** mailboxKey of the order's address: its `+tag` aliases (and, where ignored, dots) are one inbox. */
  inbox: string;
}

/** The client has `unpaidHoldsPerClient` unpaid orders open: nothing was created (429 with Retry-After). */
export class TooManyUnpaidHoldsError extends Error {
  constructor(
    /** Seconds until the first of the client's holds ends (paying one frees a slot sooner). */
    readonly retryAfterSeconds: number,
  ) {
    super('Too many unpaid orders from this client');
  }
}

/**
 * The order would take the client's or the inbox's unpaid places over the cap: nothing was created. With
 * `retryAfterSeconds` (429): places held by earlier unpaid orders are in the way, and the first of those holds ends
 * then (paying frees them at once). Without (422): the order alone holds more than the cap; a group booking of that
 * size goes through the school.
 */
export class UnpaidPlacesLimitError extends Error {
  constructor(
    readonly cap: number,
    /** Places already held unpaid by the client or the inbox, whichever is more. */
    readonly held: number,
    readonly retryAfterSeconds: number | null,
  ) {
    super(
      retryAfterSeconds === null
        ? `An unpaid order may hold at most ${cap} places`
        : `At most ${cap} places may be held in unpaid orders at once; ${held} are held already`,
    );
  }
}

/**
 * Inside the submit's transaction, before places are taken: refuses an order that alone holds more than
 * `placesCap` places, then when the client already has the maximum of open unpaid orders, then when the order's
 * `places` would take the unpaid places of its client or of its inbox over `placesCap`. Counted are holds that are
 * still unpaid and whose hold has not ended by `now`, so paying or expiring frees a share at once. Rows of holds
 * that ended are deleted first (by anyone's submit), so the table keeps a client address only while its hold runs.
 * On PostgreSQL the submits of one client and of one inbox are serialised with advisory locks until commit (taken
 * in one order, so two submits never wait for each other), so parallel submits cannot all count the same free
 * share; SQLite runs one write transaction at a time (begun immediate, db/database.ts).
 */
export async function admitUnpaidHold(
  trx: Kysely<Database>,
  { clientKey, inbox }: HoldKeys,
  { places, placesCap }: { places: number; placesCap: number },
  now: Date,
): Promise<void> {
  if (places > placesCap) throw new UnpaidPlacesLimitError(placesCap, 0, null);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    for (const key of [`unpaid-hold:${clientKey}`, `unpaid-inbox:${inbox}`].sort())
      await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  }
  const at = now.toISOString();
  await trx.deleteFrom('order_hold_client').where('hold_expires_at', '<=', at).execute();
  const open = await trx
    .selectFrom('order_hold_client')
    .innerJoin('shop_order', 'shop_order.id', 'order_hold_client.order_id')
    .select([
      'order_hold_client.client_key',
      'order_hold_client.inbox',
      'order_hold_client.places',
      'shop_order.hold_expires_at',
    ])
    .where((eb) =>
      eb.or([eb('order_hold_client.client_key', '=', clientKey), eb('order_hold_client.inbox', '=', inbox)]),
    )
    .where('shop_order.status', 'in', ['pending', 'payment_pending'])
    .where('shop_order.hold_expires_at', '>', at)
    .orderBy('shop_order.hold_expires_at')
    .execute();
  const endsIn = (row: { hold_expires_at: string | null }) =>
    Math.max(1, Math.ceil((Date.parse(row.hold_expires_at!) - now.getTime()) / 1000));

  const byClient = open.filter((row) => row.client_key === clientKey);
  if (byClient.length >= unpaidHoldsPerClient) throw new TooManyUnpaidHoldsError(endsIn(byClient[0]!));

  const byInbox = open.filter((row) => row.inbox === inbox);
  const sum = (rows: typeof open) => rows.reduce((total, row) => total + row.places, 0);
  const over = [byClient, byInbox].filter((rows) => sum(rows) + places > placesCap);
  if (over.length === 0) return;
  // The first moment one of the holds in the way ends: the earliest a retry can pass without paying.
  const firstEnd = over
    .map((rows) => rows.find((row) => row.places > 0)!)
    .sort((a, b) => a.hold_expires_at!.localeCompare(b.hold_expires_at!))[0]!;
  throw new UnpaidPlacesLimitError(placesCap, Math.max(sum(byClient), sum(byInbox)), endsIn(firstEnd));
}

/** Records that the new unpaid order `orderId` holds `places` for its client and inbox until `holdExpiresAt`. */
export async function recordUnpaidHold(
  trx: Kysely<Database>,
  { orderId, keys, places, holdExpiresAt }: { orderId: number; keys: HoldKeys; places: number; holdExpiresAt: Date },
): Promise<void> {
  await trx
    .insertInto('order_hold_client')
    .values({
      order_id: orderId,
      client_key: keys.clientKey,
      inbox: keys.inbox,
      places,
      hold_expires_at: holdExpiresAt.toISOString(),
    })
    .execute();
}

/** `meta.message` of the refusals above, in the order's language: what to do instead. */
export const unpaidHoldMessages: Record<
  Language,
  { tooManyOrders: string; placesHeld: (held: number, cap: number) => string; orderTooLarge: (cap: number) => string }
> = {
  de: {
    tooManyOrders:
      'Sie haben bereits mehrere Bestellungen offen, die noch nicht bezahlt sind. Bitte bezahlen Sie zuerst eine davon oder warten Sie, bis ihre Reservierung abläuft.',
    placesHeld: (held, cap) =>
      `Sie haben bereits ${held} Plätze in Bestellungen reserviert, die noch nicht bezahlt sind; ohne Zahlung reservieren wir höchstens ${cap} Plätze gleichzeitig. Bitte bezahlen Sie zuerst Ihre offene Bestellung oder warten Sie, bis ihre Reservierung abläuft. Für eine Gruppenbuchung wenden Sie sich bitte an die Sprachschule.`,
    orderTooLarge: (cap) =>
      `Eine Bestellung reserviert bis zur Zahlung höchstens ${cap} Plätze. Bitte bestellen Sie weniger Plätze auf einmal oder wenden Sie sich für eine Gruppenbuchung an die Sprachschule.`,
  },
  en: {
    tooManyOrders:
      'You already have several orders open that are not paid yet. Please pay one of them first, or wait until its reservation ends.',
    placesHeld: (held, cap) =>
      `You already have ${held} places reserved in orders that are not paid yet; without payment we reserve at most ${cap} places at a time. Please pay your open order first, or wait until its reservation ends. For a group booking, please contact the language school.`,
    orderTooLarge: (cap) =>
      `An order reserves at most ${cap} places until it is paid. Please order fewer places at a time, or contact the language school for a group booking.`,
  },
  es: {
    tooManyOrders:
      'Ya tienes varios pedidos abiertos que aún no se han pagado. Paga primero uno de ellos o espera a que caduque su reserva.',
    placesHeld: (held, cap) =>
      `Ya tienes ${held} plazas reservadas en pedidos que aún no se han pagado; sin pago reservamos como máximo ${cap} plazas a la vez. Paga primero tu pedido pendiente o espera a que caduque su reserva. Para una reserva de grupo, ponte en contacto con la escuela de idiomas.`,
    orderTooLarge: (cap) =>
      `Un pedido reserva como máximo ${cap} plazas hasta que se paga. Reserva menos plazas a la vez o ponte en contacto con la escuela de idiomas para una reserva de grupo.`,
  },
};
