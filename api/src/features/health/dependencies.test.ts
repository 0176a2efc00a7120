import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from '../../mail/mailer.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { watchDependencies } from './dependencies.ts';

/** Timers the test fires by hand: no wall clock decides when a service is asked again. */
function manualTimers() {
  const pending: { run: () => void; ms: number }[] = [];
  return {
    setTimer: (run: () => void, ms: number) => {
      const timer = { run, ms };
      pending.push(timer);
      return timer;
    },
    clearTimer: (timer: unknown) => void pending.splice(pending.indexOf(timer as never), 1),
    /** Fires the retries (timers of `ms`), not the answer timeouts. */
    fireRetries(ms: number) {
      for (const timer of pending.splice(0).filter((t) => t.ms === ms)) timer.run();
    },
    retries: (ms: number) => pending.filter((t) => t.ms === ms).length,
  };
}

const logOf = () => {
  const lines: string[] = [];
  return { lines, warn: (line: string) => void lines.push(`warn ${line}`), info: (line: string) => lines.push(line) };
};
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('watchDependencies', () => {
  it('names a silent service until it answers, asks again after retryMs, and never again once it answered', async () => {
    const timers = manualTimers();
    const log = logOf();
    let mailUp = false;
    let mailAsked = 0;
    let paymentAsked = 0;
    const watch = watchDependencies({
      dependencies: [
        {
          name: 'the mail server (SMTP_URL)',
          check: async () => {
            mailAsked++;
            if (!mailUp) throw new Error('connect ECONNREFUSED 127.0.0.1:465');
          },
        },
        { name: 'the payment provider (mollie)', check: async () => void paymentAsked++ },
      ],
      retryMs: 30_000,
      timeoutMs: 10_000,
      log,
      ...timers,
    });
    await watch.firstRound;
    expect(watch.problems()).toEqual(['the mail server (SMTP_URL) has not answered yet']);
    expect(log.lines).toEqual([
      'warn the mail server (SMTP_URL) does not answer (connect ECONNREFUSED 127.0.0.1:465): /api/ready answers 503 until it does; asking again in 30000 ms',
    ]);

    timers.fireRetries(30_000);
    await settle();
    expect(mailAsked).toBe(2);
    expect(watch.problems()).toHaveLength(1);

    mailUp = true;
    timers.fireRetries(30_000);
    await settle();
    expect(watch.problems()).toEqual([]);
    expect(log.lines.at(-1)).toBe('the mail server (SMTP_URL) answers now');
    expect(timers.retries(30_000)).toBe(0);
    expect([mailAsked, paymentAsked]).toEqual([3, 1]);
  });

  it('counts a service that does not answer within timeoutMs as silent', async () => {
    const timers = manualTimers();
    const log = logOf();
    const watch = watchDependencies({
      dependencies: [{ name: 'the payment provider (mollie)', check: () => new Promise(() => {}) }],
      retryMs: 30_000,
      timeoutMs: 10_000,
      log,
      ...timers,
    });
    expect(watch.problems()).toEqual(['the payment provider (mollie) has not answered yet']);
    timers.fireRetries(10_000);
    await watch.firstRound;
    expect(log.lines[0]).toContain('the payment provider (mollie) does not answer (no answer within 10000 ms)');
    watch.stop();
    expect(timers.retries(30_000)).toBe(0);
  });
});

describe('the mail server check (nodemailer verify against a real SMTP server)', () => {
  let sink: SmtpSink | undefined;
  afterEach(async () => sink?.close());

  it('fails while the server refuses connections and passes once it takes them', async () => {
    sink = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: sink.url, from: 'Shop <shop@example.org>' });
    sink.down = true;
    await expect(mailer.verify!()).rejects.toThrow();
    sink.down = false;
    await expect(mailer.verify!()).resolves.toBeTruthy();
  });
});
