import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { selfSignedCertificate } from './certificate.ts';
import { renderCheckoutPage, type CheckoutOutcome, checkoutOutcomes } from './checkout-page.ts';
import {
  FakeMollieInputError,
  type FakePayment,
  type FakePaymentStatus,
  methodJson,
  mollieError,
  newPayment,
  paymentJson,
} from './payments.ts';
import { type FakeRefund, newRefund, refundJson } from './refunds.ts';
import { captureJson, type FakeCapture, newCapture } from './captures.ts';

/** How the fake API answers: normally, with 500 to every API call, or never (the connection stays open). */
export type FakeMollieMode = 'ok' | 'error' | 'hang';

/** One API call as the fake received it (for tests that check what the shop sent). */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** Calls the shop's webhook the way Mollie does: POST, `id=tr_…`, form-encoded. */
export type WebhookDelivery = (webhookUrl: string, body: string) => Promise<void>;

const deliverOverHttp: WebhookDelivery = async (webhookUrl, body) => {
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  if (!response.ok) console.error(`Fake Mollie: webhook ${webhookUrl} answered ${response.status}`);
};

export interface FakeMollieOptions {
  port?: number;
  host?: string;
  /** Methods enabled on the fake account (List payment methods, Create payment's `method`). */
  enabledMethods?: readonly string[];
  deliverWebhook?: WebhookDelivery;
  /** The fake's clock (creation and expiry times), the shop's test clock where it has one. */
  now?: () => Date;
}

export interface FakeMollie {
  /** The API root to pass to the client's `apiEndpoint` (https://…/v2/). */
  apiUrl: string;
  origin: string;
  mode: FakeMollieMode;
  enabledMethods: string[];
  deliverWebhook: WebhookDelivery;
  readonly payments: Map<string, FakePayment>;
  /** Refunds by id, in the order they were created. */
  readonly refunds: Map<string, FakeRefund>;
  /** Captures by id, in the order they were created. */
  readonly captures: Map<string, FakeCapture>;
  /** How many of the next Create capture calls fail (422), as a capture Mollie or Klarna refuses. */
  captureFailures: number;
  /**
   * How many of the next Create payment calls Mollie refuses (422), as it does with details the method does not
   * accept (Klarna declining a billing address, say).
   */
  paymentRefusals: number;
  readonly requests: RecordedRequest[];
  /** What the tester's button on the hosted page does, without the browser: status, then the webhook call. */
  decide(id: string, status: CheckoutOutcome): Promise<void>;
  /** Forgets every idempotency key, as Mollie does some time after a call (its documentation names an hour). */
  forgetIdempotencyKeys(): void;
  /** Moves a payment to any status without calling the webhook (for a test that then calls it itself). */
  setStatus(id: string, status: FakePaymentStatus): void;
  /**
   * The buyer's bank takes back `value` (e.g. "289.00") of a paid payment: Mollie records the chargeback on the
   * payment (`amountChargedBack`, the status stays paid) and calls the webhook again.
   */
  chargeBack(id: string, value: string): Promise<void>;
  close(): Promise<void>;
}

const defaultEnabled = ['eps', 'creditcard', 'paybybank', 'klarna', 'applepay', 'banktransfer'];
/** Wallets appear in List payment methods only when the caller says it can handle them (`includeWallets`). */
const wallets = new Set(['applepay']);

/**
 * A local stand-in for Mollie's Payments API (v2), written from Mollie's documentation: Create payment, Get
 * payment, Cancel payment, Create payment refund, Create and List captures, List payment methods, the hosted checkout page with one button per outcome, and the webhook call to
 * the shop. https only, with a certificate made at start (the official client refuses http), so the process that
 * talks to it needs NODE_TLS_REJECT_UNAUTHORIZED=0 — set only where such a fake is started.
 */
export async function startFakeMollie({
  port = 0,
  host = '127.0.0.1',
  enabledMethods = defaultEnabled,
  deliverWebhook = deliverOverHttp,
  now = () => new Date(),
}: FakeMollieOptions = {}): Promise<FakeMollie> {
  const sockets = new Set<Duplex>();
  const idempotent = new Map<string, string>();
  const server = createServer(selfSignedCertificate());
  const fake: FakeMollie = {
    apiUrl: '',
    origin: '',
    mode: 'ok',
    enabledMethods: [...enabledMethods],
    deliverWebhook,
    payments: new Map(),
    refunds: new Map(),
    captures: new Map(),
    captureFailures: 0,
    paymentRefusals: 0,
    requests: [],
    async decide(id, status) {
      const payment = fake.payments.get(id);
      if (!payment || payment.status !== 'open') return;
      fake.setStatus(id, status);
      if (payment.webhookUrl) await fake.deliverWebhook(payment.webhookUrl, new URLSearchParams({ id }).toString());
    },
    forgetIdempotencyKeys: () => idempotent.clear(),
    setStatus(id, status) {
      const payment = fake.payments.get(id);
      if (!payment) throw new Error(`Fake Mollie: no payment ${id}`);
      payment.status = status;
      payment.statusChangedAt = now().toISOString();
    },
    async chargeBack(id, value) {
      const payment = fake.payments.get(id);
      if (!payment || payment.status !== 'paid') throw new Error(`Fake Mollie: payment ${id} is not paid`);
      payment.chargedBack = value;
      if (payment.webhookUrl) await fake.deliverWebhook(payment.webhookUrl, new URLSearchParams({ id }).toString());
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': status < 400 ? 'application/hal+json' : 'application/problem+json' });
    response.end(JSON.stringify(body));
  };

  const api = async (request: IncomingMessage, response: ServerResponse, url: URL, raw: string) => {
    let body: unknown = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return json(response, 400, mollieError(400, 'Bad Request', 'The request body is not valid JSON'));
      }
    }
    fake.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname + url.search,
      headers: request.headers,
      body,
    });
    if (fake.mode === 'hang') return; // never answers; close() ends the connection
    if (fake.mode === 'error')
      return json(
        response,
        500,
        mollieError(500, 'Internal Server Error', 'An internal server error occurred while processing your request'),
      );
    if (!/^Bearer (live|test)_\w+$/.test(request.headers.authorization ?? '')) {
      return json(
        response,
        401,
        mollieError(401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate'),
      );
    }

    if (request.method === 'POST' && url.pathname === '/v2/payments') {
      const key = request.headers['idempotency-key'];
      const earlier = typeof key === 'string' ? fake.payments.get(idempotent.get(key) ?? '') : undefined;
      if (earlier) return json(response, 201, paymentJson(earlier, fake.origin));
      if (fake.paymentRefusals > 0) {
        fake.paymentRefusals -= 1;
        return json(
          response,
          422,
          mollieError(
            422,
            'Unprocessable Entity',
            'The billing address is not accepted by the method',
            'billingAddress',
          ),
        );
      }
      try {
        const payment = newPayment(body, fake.enabledMethods, now());
        fake.payments.set(payment.id, payment);
        if (typeof key === 'string') idempotent.set(key, payment.id);
        return json(response, 201, paymentJson(payment, fake.origin));
      } catch (error) {
        if (!(error instanceof FakeMollieInputError)) throw error;
        return json(response, 422, mollieError(422, 'Unprocessable Entity', error.message, error.field));
      }
    }
    const refunds = /^\/v2\/payments\/([^/]+)\/refunds$/.exec(url.pathname);
    if (refunds && (request.method === 'POST' || request.method === 'GET')) {
      const payment = fake.payments.get(decodeURIComponent(refunds[1]!));
      if (!payment)
        return json(response, 404, mollieError(404, 'Not Found', `No payment exists with token ${refunds[1]}.`));
      if (request.method === 'GET') {
        const list = [...fake.refunds.values()]
          .filter((refund) => refund.paymentId === payment.id)
          .map((refund) => refundJson(refund, fake.origin));
        return json(response, 200, {
          count: list.length,
          _embedded: { refunds: list },
          _links: {
            self: { href: `${fake.origin}${url.pathname}`, type: 'application/hal+json' },
            previous: null,
            next: null,
            documentation: { href: 'https://docs.mollie.com/reference/list-refunds', type: 'text/html' },
          },
        });
      }
      // Mollie answers a repeated key with the first refund, never a second one.
      const key = request.headers['idempotency-key'];
      const earlier = typeof key === 'string' ? fake.refunds.get(idempotent.get(`refund:${key}`) ?? '') : undefined;
      if (earlier) return json(response, 201, refundJson(earlier, fake.origin));
      try {
        const refund = newRefund(body, payment, [...fake.refunds.values()], now());
        fake.refunds.set(refund.id, refund);
        if (typeof key === 'string') idempotent.set(`refund:${key}`, refund.id);
        return json(response, 201, refundJson(refund, fake.origin));
      } catch (error) {
        if (!(error instanceof FakeMollieInputError)) throw error;
        return json(response, 422, mollieError(422, 'Unprocessable Entity', error.message, error.field));
      }
    }
    const captures = /^\/v2\/payments\/([^/]+)\/captures$/.exec(url.pathname);
    if (captures) {
      const payment = fake.payments.get(decodeURIComponent(captures[1]!));
      if (!payment)
        return json(response, 404, mollieError(404, 'Not Found', `No payment exists with token ${captures[1]}.`));
      if (request.method === 'GET') {
        const list = [...fake.captures.values()]
          .filter((capture) => capture.paymentId === payment.id)
          .map((capture) => captureJson(capture, fake.origin));
        return json(response, 200, {
          count: list.length,
          _embedded: { captures: list },
          _links: {
            self: { href: `${fake.origin}${url.pathname}`, type: 'application/hal+json' },
            previous: null,
            next: null,
            documentation: { href: 'https://docs.mollie.com/reference/list-captures', type: 'text/html' },
          },
        });
      }
      const key = request.headers['idempotency-key'];
      const earlier = typeof key === 'string' ? fake.captures.get(idempotent.get(`capture:${key}`) ?? '') : undefined;
      if (earlier) return json(response, 201, captureJson(earlier, fake.origin));
      try {
        if (fake.captureFailures > 0) {
          fake.captureFailures -= 1;
          throw new FakeMollieInputError('paymentId', 'The capture was declined');
        }
        const capture = newCapture(body, payment, now());
        fake.captures.set(capture.id, capture);
        if (typeof key === 'string') idempotent.set(`capture:${key}`, capture.id);
        // The payment is paid now; Mollie tells the shop through its webhook, after answering this call.
        fake.setStatus(payment.id, 'paid');
        json(response, 201, captureJson(capture, fake.origin));
        if (payment.webhookUrl)
          await fake.deliverWebhook(payment.webhookUrl, new URLSearchParams({ id: payment.id }).toString());
        return;
      } catch (error) {
        if (!(error instanceof FakeMollieInputError)) throw error;
        return json(response, 422, mollieError(422, 'Unprocessable Entity', error.message, error.field));
      }
    }
    const get = /^\/v2\/payments\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && get) {
      const payment = fake.payments.get(decodeURIComponent(get[1]!));
      if (!payment)
        return json(response, 404, mollieError(404, 'Not Found', `No payment exists with token ${get[1]}.`));
      return json(response, 200, paymentJson(payment, fake.origin));
    }
    // Cancel payment: only while Mollie says the payment is cancelable; the webhook is not called for it.
    if (request.method === 'DELETE' && get) {
      const payment = fake.payments.get(decodeURIComponent(get[1]!));
      if (!payment)
        return json(response, 404, mollieError(404, 'Not Found', `No payment exists with token ${get[1]}.`));
      if (payment.status !== 'open' || !payment.cancelable)
        return json(response, 422, mollieError(422, 'Unprocessable Entity', 'The payment cannot be canceled'));
      fake.setStatus(payment.id, 'canceled');
      return json(response, 200, paymentJson(payment, fake.origin));
    }
    if (request.method === 'GET' && url.pathname === '/v2/methods') {
      const included = new Set((url.searchParams.get('includeWallets') ?? '').split(',').filter(Boolean));
      const methods = fake.enabledMethods
        .filter((id) => !wallets.has(id) || included.has(id))
        .map((id) => methodJson(id, fake.origin));
      return json(response, 200, {
        count: methods.length,
        _embedded: { methods },
        _links: {
          self: { href: `${fake.origin}${url.pathname}${url.search}`, type: 'application/hal+json' },
          documentation: { href: 'https://docs.mollie.com/reference/list-methods', type: 'text/html' },
        },
      });
    }
    return json(response, 404, mollieError(404, 'Not Found', 'The resource does not exist'));
  };

  /** The hosted page: GET shows the buttons, POST applies one, calls the webhook, then redirects to redirectUrl. */
  const checkout = async (request: IncomingMessage, response: ServerResponse, id: string, raw: string) => {
    const payment = fake.payments.get(id);
    if (!payment) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Unknown payment');
      return;
    }
    if (request.method === 'POST') {
      const status = new URLSearchParams(raw).get('status');
      if (checkoutOutcomes.includes(status as CheckoutOutcome)) await fake.decide(id, status as CheckoutOutcome);
      response.writeHead(303, { location: payment.redirectUrl }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(renderCheckoutPage(payment));
  };

  server.on('connection', (socket: Duplex) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('request', (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', fake.origin);
      const page = /^\/checkout\/([^/]+)$/.exec(url.pathname);
      const handled =
        url.pathname === '/health'
          ? Promise.resolve(void response.end('ok'))
          : page
            ? checkout(request, response, decodeURIComponent(page[1]!), raw)
            : api(request, response, url, raw);
      handled.catch((error: unknown) => {
        console.error('Fake Mollie failed', error);
        if (!response.headersSent) json(response, 500, mollieError(500, 'Internal Server Error', 'Fake Mollie failed'));
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  fake.origin = `https://${host}:${address.port}`;
  fake.apiUrl = `${fake.origin}/v2/`;
  return fake;
}
