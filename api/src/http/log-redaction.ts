import type { FastifyServerOptions } from 'fastify';
import { scrubError, scrubText, scrubValue } from './scrub.ts';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** The parts of a request worth a log line: never its headers (cookies, bearer tokens) or body (passwords). */
function requestSerializer(request: {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: scrubText(request.url),
    host: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * `options` with what keeps secrets out of every log line (docs/decisions/0010-operations.md): requests are
 * logged without headers or body and with their URL scrubbed; every logged object and message is scrubbed
 * (scrub.ts: values under secret-sounding keys, tokens in links, card numbers, credentials in connection
 * strings are replaced, e-mail addresses masked); errors too, message and stack included.
 */
export function loggerOptions(options: LoggerOptions): LoggerOptions {
  return {
    ...options,
    serializers: {
      ...options.serializers,
      req: requestSerializer as never,
      err: scrubError as never,
    },
    formatters: {
      ...options.formatters,
      // Errors are left to the err serializer above, requests and replies to theirs.
      log: (object) =>
        scrubValue(object, {
          keep: (key, value) => key === 'req' || key === 'res' || value instanceof Error,
        }) as Record<string, unknown>,
    },
    hooks: {
      ...options.hooks,
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)) as Parameters<typeof method>,
        );
      },
    },
  };
}
