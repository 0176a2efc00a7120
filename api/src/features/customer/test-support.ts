import { expect } from 'vitest';
import type { DatabaseTestOptions, TestContext } from '../../test/databases.ts';
import { testNow } from '../../test/databases.ts';
import { backgroundTasksDone } from './background.ts';
import type { PasswordHashingOptions } from './passwords.ts';

/** Tests hash with the cheapest argon2id settings; the production settings are measured by the benchmark. */
export const cheapHashing: PasswordHashingOptions = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** A clock the tests move forward (token expiry); starts at testNow. */
export function movableClock() {
  let current = testNow.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => void (current += ms),
    reset: () => void (current = testNow.getTime()),
  };
}

export function customerTestOptions(clock = movableClock()): DatabaseTestOptions {
  return { seed: false, app: { passwordHashing: cheapHashing, now: clock.now, shopUrl: 'https://shop.test' } };
}

let clients = 0;
let addresses = 0;

/** A fresh e-mail address per call, so tests never share an account or a per-address rate limit. */
export const newEmail = (name = 'kunde') => `${name}.${++addresses}.${Date.now()}@example.org`;
export const goodPassword = 'Sprache1!';

export interface Reply {
  status: number;
  body: any;
  headers: Record<string, unknown>;
}

/**
 * One simulated browser: its own client address (rate limits are per client), optionally its own token.
 * Requests go through `app.inject`, never over the network.
 */
export function client(ctx: TestContext) {
  const n = ++clients;
  const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const send = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    token?: string | null,
  ): Promise<Reply> => {
    const response = await ctx.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };
  return {
    ip,
    get: (url: string, token?: string | null) => send('GET', url, undefined, token),
    post: (url: string, body?: unknown, token?: string | null) => send('POST', url, body, token),
    put: (url: string, body?: unknown, token?: string | null) => send('PUT', url, body, token),
  };
}
export type Client = ReturnType<typeof client>;

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The dev outbox for one address, newest first. Waits up to 5 s for `atLeast` mails: some are sent after the
 * answer (registration's among them), and a busy machine delays them.
 */
export async function mailsTo(ctx: TestContext, to: string, { atLeast = 0 } = {}): Promise<OutboxMail[]> {
  for (let attempt = 0; ; attempt++) {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
    const mails = (response.json() as { result: OutboxMail[] }).result;
    if (mails.length >= atLeast || attempt >= 200) return mails;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Lets mails sent after the answer land before asserting that none came. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/** The path of a mail's shop link, if it has one. */
const linkPathIn = (mail: OutboxMail) => {
  const match = /https:\/\/shop\.test\/[^\s]+/.exec(mail.text);
  return match ? new URL(match[0]).pathname : null;
};

/** The link of a mail: path, token and email, as the shop page will read them. */
export function linkIn(mail: OutboxMail) {
  const match = /https:\/\/shop\.test\/[^\s]+/.exec(mail.text);
  expect(match, `a shop link in "${mail.subject}"`).not.toBeNull();
  const url = new URL(match![0]);
  return {
    path: url.pathname,
    token: url.searchParams.get('token') ?? '',
    email: url.searchParams.get('email') ?? '',
    url,
  };
}

/** A new, unverified customer (not logged in: registration answers no token, alike for taken addresses). */
export async function registerAccount(c: Client, overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string | undefined) ?? newEmail();
  const body = { firstname: 'Anna', lastname: 'Muster', email, password: goodPassword, locale: 'de', ...overrides };
  const reply = await c.post('/api/customer/register', body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(reply.body).toEqual({ result: {} });
  return { email: email.toLowerCase(), password: body.password as string };
}

/** A new, unverified customer, logged in as the shop's own flow does it: by a login after registering. */
export async function register(c: Client, overrides: Record<string, unknown> = {}) {
  const account = await registerAccount(c, overrides);
  const login = await c.post('/api/customer/login', { email: account.email, password: account.password });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { ...account, token: login.body.result.token as string };
}

/** A registered customer whose address is verified, logged in. */
export async function verifiedCustomer(ctx: TestContext, c: Client, overrides: Record<string, unknown> = {}) {
  const account = await register(c, overrides);
  // The verification mail is queued after the answer; the address may have older mails (a guest's orders).
  await backgroundTasksDone();
  const mail = (await mailsTo(ctx, account.email)).find((sent) => linkPathIn(sent) === '/verify-email');
  expect(mail, `a verification mail to ${account.email}`).toBeDefined();
  const { token, email } = linkIn(mail!);
  const verified = await c.post('/api/customer/verify-email', { token, email });
  expect(verified.status).toBe(200);
  return account;
}
