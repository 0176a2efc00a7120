import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorBody, ErrorCode } from '@shop/shared/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

/**
 * An error a handler throws on purpose (a missing thing, a forbidden action…). The error handler turns it
 * into the docs/architecture.md error body; anything that is not an AppError and has no 4xx status is a bug (500).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Translated text the client may show the user as is (`meta.message`). */
    readonly userMessage?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string) => new AppError(404, ErrorCode.notFound, message);

/** The code of a 503 whose cause is passing (the database unreachable): the client may send the same request again. */
export const serviceUnavailableCode = 'SERVICE_UNAVAILABLE';

/**
 * Seconds a client is asked to wait before trying again while the database cannot be reached: short, since the
 * shop answers normally again as soon as it is back (a pool connection is made per request then).
 */
export const databaseRetryAfterSeconds = 2;

/** Codes for Fastify's own 4xx errors (body parsing, media type, size…), by status. */
const codeByStatus: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: ErrorCode.unauthorized,
  403: 'FORBIDDEN',
  404: ErrorCode.notFound,
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  431: 'HEADERS_TOO_LARGE',
};

function errorBody(code: string, message: string, fields?: Record<string, string>, userMessage?: string): ErrorBody {
  return {
    error: { code, message, ...(fields && Object.keys(fields).length > 0 ? { fields } : {}) },
    ...(userMessage ? { meta: { message: userMessage } } : {}),
  };
}

/** `/tags/0` → `tags.0`; an issue about the whole object (e.g. unknown keys) names each offending key. */
function validationFields(error: FastifyError): Record<string, string> {
  // Without a prototype: a client's key `__proto__` (an unknown query parameter, say) is a field like any other
  // here, where on a plain object assigning it would set the prototype and the field error would vanish.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const add = (path: string, message: string) => {
    if (!Object.hasOwn(fields, path)) fields[path] = message;
  };
  for (const issue of error.validation ?? []) {
    const path = issue.instancePath.split('/').filter(Boolean).join('.');
    const keys = (issue.params as { keys?: unknown }).keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      for (const key of keys) add(path ? `${path}.${String(key)}` : String(key), `Unknown field "${String(key)}"`);
    } else {
      add(path || error.validationContext || '(root)', issue.message ?? 'Invalid value');
    }
  }
  return fields;
}

function routeLabel(request: FastifyRequest): string {
  return `${request.method} ${request.url.split('?')[0]!.slice(0, 200)}`;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error) || (error.validation && error.validation.length > 0)) {
      const where = error.validationContext ?? 'request';
      return reply.code(400).send(errorBody(ErrorCode.validation, `Invalid ${where}`, validationFields(error)));
    }
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.fields, error.userMessage));
    }
    if (isResponseSerializationError(error)) {
      // Our own output broke the contract: a bug, not the client's fault.
      request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its schema');
      return reply.code(500).send(errorBody(ErrorCode.internal, 'Internal server error'));
    }
    if (isDatabaseUnavailable(error)) {
      // Passing, not a bug: the client may ask again once the database is back.
      request.log.warn({ err: error }, `database unavailable: ${routeLabel(request)} answered 503`);
      reply.header('retry-after', databaseRetryAfterSeconds);
      return reply
        .code(503)
        .send(errorBody(serviceUnavailableCode, 'The service is unavailable for a moment; please try again shortly'));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'INVALID_JSON'
          : (codeByStatus[status] ?? 'BAD_REQUEST');
      return reply.code(status).send(errorBody(code, error.message));
    }
    request.log.error({ err: error }, 'unexpected error');
    const code = status === 503 ? serviceUnavailableCode : ErrorCode.internal;
    return reply.code(status >= 500 && status < 600 ? status : 500).send(errorBody(code, 'Internal server error'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody(ErrorCode.notFound, `Route ${routeLabel(request)} not found`));
  });
}

/**
 * Fastify's router answers some requests before any hook or error handler runs: a path with a malformed
 * %-escape (FST_ERR_BAD_URL) and a path parameter over maxParamLength (FST_ERR_MAX_PARAM_LENGTH, 414). This
 * is its `frameworkErrors` option, so they get the envelope too. The path is not echoed: it is the client's junk.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.code(400).send(errorBody('BAD_URL', 'The URL is not valid (malformed percent-encoding)'));
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.code(414).send(errorBody('URI_TOO_LONG', 'A path parameter is too long'));
  } else {
    request.log.error({ err: error }, 'framework error');
    reply.code(500).send(errorBody(ErrorCode.internal, 'Internal server error'));
  }
}

/** What Node's HTTP parser rejects, by its error code: headers (or the request line) over the size limit, timeouts. */
function clientErrorAnswer(code: string | undefined): { status: number; body: ErrorBody } {
  if (code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, body: errorBody(codeByStatus[431]!, 'The request line or headers are too large') };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT') {
    return { status: 408, body: errorBody(codeByStatus[408]!, 'The request took too long') };
  }
  return { status: 400, body: errorBody(codeByStatus[400]!, 'Malformed HTTP request') };
}

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses never becomes a request, so no hook or error
 * handler sees it. Like Fastify's own handler it writes the answer straight to the socket and closes it, but in
 * the envelope.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = clientErrorAnswer(error.code);
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
