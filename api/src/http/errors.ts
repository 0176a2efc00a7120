import { type ErrorBody, ErrorCode } from '@shop/shared/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/**
 * An error a handler throws on purpose (a missing thing, a forbidden action…). The error handler turns it
 * into the DESIGN.md error body; anything that is not an AppError and has no 4xx status is a bug (500).
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
};

function errorBody(code: string, message: string, fields?: Record<string, string>, userMessage?: string): ErrorBody {
  return {
    error: { code, message, ...(fields && Object.keys(fields).length > 0 ? { fields } : {}) },
    ...(userMessage ? { meta: { message: userMessage } } : {}),
  };
}

/** `/tags/0` → `tags.0`; an issue about the whole object (e.g. unknown keys) names each offending key. */
function validationFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  const add = (path: string, message: string) => {
    if (!(path in fields)) fields[path] = message;
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
      return reply
        .code(400)
        .send(errorBody(ErrorCode.validation, `Invalid ${where}`, validationFields(error)));
    }
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.fields, error.userMessage));
    }
    if (isResponseSerializationError(error)) {
      // Our own output broke the contract: a bug, not the client's fault.
      request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its schema');
      return reply.code(500).send(errorBody(ErrorCode.internal, 'Internal server error'));
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
    const code = status === 503 ? 'SERVICE_UNAVAILABLE' : ErrorCode.internal;
    return reply.code(status >= 500 && status < 600 ? status : 500).send(errorBody(code, 'Internal server error'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody(ErrorCode.notFound, `Route ${routeLabel(request)} not found`));
  });
}
