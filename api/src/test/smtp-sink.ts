import { type AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for tests (smtp-server on a free loopback port) that keeps what it receives, parsed. It can
 * be told to refuse: `down` answers every connection 421 (try again later); `rejectRecipients` answers 550 for
 * matching addresses (for good).
 */
export interface SmtpSink {
  url: string;
  received: { envelopeTo: string[]; messageId: string; mail: ParsedMail }[];
  /** Connections refused while `down`. */
  refused: number;
  down: boolean;
  rejectRecipients: RegExp | null;
  /** Resolves once `count` mails arrived in all (polls; fails after `timeoutMs`). */
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: SmtpSink = {
    url: '',
    received: [],
    refused: 0,
    down: false,
    rejectRecipients: null,
    waitForCount: (count, timeoutMs = 20_000) =>
      until(
        () => sink.received.length >= count,
        timeoutMs,
        () => `${sink.received.length} of ${count} mails arrived`,
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      if (!sink.down) return callback();
      sink.refused++;
      callback(Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }));
    },
    onRcptTo(address, _session, callback) {
      if (sink.rejectRecipients?.test(address.address))
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          sink.received.push({
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            messageId: mail.messageId ?? '',
            mail,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return sink;
}

/** Polls `condition` every 20 ms until it holds; rejects with `describe()` after `timeoutMs`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
  describe = () => 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
