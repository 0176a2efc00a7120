import type { AddressInfo } from 'node:net';
import { errorBodySchema } from '@shop/shared/contract';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { rawRequest } from '../../probe/raw-socket.ts';
import { buildApp } from '../app.ts';
import { describeEachDatabase, get } from '../test/databases.ts';
import { AppError } from './errors.ts';

const strictErrorBody = errorBodySchema.unwrap().strict();

describeEachDatabase(
  'error envelope',
  (ctx) => {
    it('answers an unknown route with 404 NOT_FOUND', async () => {
      for (const url of ['/api/nothing-here', '/api/course/search/extra', '/nothing']) {
        const { status, body } = await get(ctx, url);
        expect(status).toBe(404);
        expect(strictErrorBody.parse(body).error.code).toBe('NOT_FOUND');
      }
      const post = await ctx.app.inject({ method: 'POST', url: '/api/course/search', payload: {} });
      expect(post.statusCode).toBe(404);
      expect(post.json().error.code).toBe('NOT_FOUND');
    });

    it('answers malformed or empty JSON with 400', async () => {
      for (const payload of ['{"name": ', '']) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/test/echo',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(strictErrorBody.parse(response.json()).error.code).toBe('INVALID_JSON');
      }
    });

    it('answers a body that fails its schema with field errors', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: { name: 5, nested: { count: 'x' } },
      });
      expect(response.statusCode).toBe(400);
      const body = strictErrorBody.parse(response.json());
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(['name', 'nested.count']);
    });

    it('names an unknown query parameter called __proto__ or constructor in the field errors like any other', async () => {
      for (const key of ['__proto__', 'constructor', 'hasOwnProperty']) {
        const { status, body } = await get(ctx, `/api/course/search?${key}=1`);
        expect(status, key).toBe(400);
        expect(strictErrorBody.parse(body).error.code, key).toBe('VALIDATION_ERROR');
        // Read from the parsed JSON itself: a schema's record would drop the key `__proto__` on its own.
        const { fields } = (body as { error: { fields?: Record<string, string> } }).error;
        expect(Object.keys(fields ?? {}), key).toEqual([key]);
        expect(fields![key], key).toBe(`Unknown field "${key}"`);
      }
    });

    it('answers an unsupported media type with 415', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/x-nope' },
        payload: 'x',
      });
      expect(response.statusCode).toBe(415);
      expect(strictErrorBody.parse(response.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('passes AppError status, code and user message through', async () => {
      const { status, body } = await get(ctx, '/api/test/app-error');
      expect(status).toBe(409);
      expect(body).toEqual({
        error: { code: 'CONFLICT', message: 'Already there' },
        meta: { message: 'Schon vorhanden' },
      });
    });

    it('hides unexpected errors behind 500 INTERNAL_ERROR', async () => {
      const { status, body } = await get(ctx, '/api/test/boom');
      expect(status).toBe(500);
      expect(body).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } });
    });

    it('treats a response that breaks its schema as a 500, not as bad data sent out', async () => {
      const { status, body } = await get(ctx, '/api/test/bad-response');
      expect(status).toBe(500);
      expect(body.error.code).toBe('INTERNAL_ERROR');
    });
  },
  {
    seed: false,
    // Test-only routes: the shop has no POST route yet, and nothing in it fails on purpose.
    configure: (app) => {
      app.register(
        async (api) => {
          api.post(
            '/test/echo',
            { schema: { body: z.object({ name: z.string(), nested: z.object({ count: z.number() }).optional() }) } },
            async (request) => ({ result: request.body }),
          );
          api.get('/test/app-error', async () => {
            throw new AppError(409, 'CONFLICT', 'Already there', undefined, 'Schon vorhanden');
          });
          api.get('/test/boom', async () => {
            throw new Error('database exploded');
          });
          api.get(
            '/test/bad-response',
            { schema: { response: { 200: z.object({ result: z.number() }) } } },
            async () => ({ result: 'x' as unknown as number }),
          );
        },
        { prefix: '/api' },
      );
    },
  },
);

describeEachDatabase(
  'error envelope of answers that no route handler gives',
  (ctx) => {
    let port = 0;
    beforeAll(async () => {
      // A second, listening instance on the same database: inject never reaches Node's HTTP parser.
      const listening = buildApp({ db: ctx.db });
      await listening.listen({ port: 0, host: '127.0.0.1' });
      port = (listening.server.address() as AddressInfo).port;
      return () => listening.close();
    });

    it('answers a malformed %-escape in the path with 400 BAD_URL (the router refuses it before any hook)', async () => {
      for (const url of ['/api/cart/sync/%E0%A4%A', '/api/exam/level/%zz', '/%']) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(400);
        expect(strictErrorBody.parse(response.json()).error.code).toBe('BAD_URL');
      }
    });

    it('answers a path parameter over the router limit with 414 URI_TOO_LONG', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/cart/sync/${'a'.repeat(101)}` });
      expect(response.statusCode).toBe(414);
      expect(strictErrorBody.parse(response.json()).error.code).toBe('URI_TOO_LONG');
    });

    it('answers headers or a request line over Node’s limit with 431, in the envelope (raw socket)', async () => {
      for (const request of [
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        `GET /api/course/search?tags=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      ]) {
        const answer = await rawRequest(port, request);
        expect(answer.status).toBe(431);
        expect(answer.contentType).toMatch(/^application\/json/);
        expect(strictErrorBody.parse(JSON.parse(answer.body)).error.code).toBe('HEADERS_TOO_LARGE');
      }
    });

    it('answers what is no HTTP at all with 400, in the envelope (raw socket)', async () => {
      for (const request of [
        'HELLO\r\n\r\n',
        'GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
        'GET /api/health HTTP/9.9\r\n\r\n',
      ]) {
        const answer = await rawRequest(port, request);
        expect(answer.status, request).toBe(400);
        expect(strictErrorBody.parse(JSON.parse(answer.body)).error.code).toBe('BAD_REQUEST');
      }
      // A bad %-escape over the network too.
      const badUrl = await rawRequest(port, 'GET /api/cart/sync/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect([badUrl.status, JSON.parse(badUrl.body).error.code]).toEqual([400, 'BAD_URL']);
    });

    it('answers a body over the limit with 413, a wrong content type with 415, prototype keys with 400', async () => {
      const tooLarge = await ctx.app.inject({
        method: 'POST',
        url: '/api/cart/validate',
        headers: { 'content-type': 'application/json' },
        payload: `{"x":"${'a'.repeat(1_100_000)}"}`,
      });
      expect(tooLarge.statusCode).toBe(413);
      expect(strictErrorBody.parse(tooLarge.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
      const wrongType = await ctx.app.inject({
        method: 'POST',
        url: '/api/cart/submit',
        headers: { 'content-type': 'application/xml' },
        payload: '<order/>',
      });
      expect(wrongType.statusCode).toBe(415);
      expect(strictErrorBody.parse(wrongType.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      for (const payload of ['{"__proto__": {"admin": true}}', '{"constructor": {"prototype": {"admin": true}}}']) {
        const polluted = await ctx.app.inject({
          method: 'POST',
          url: '/api/cart/validate',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(polluted.statusCode).toBe(400);
        strictErrorBody.parse(polluted.json());
        expect(({} as Record<string, unknown>).admin).toBeUndefined();
      }
    });
  },
  { seed: false },
);
