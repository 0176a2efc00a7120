import { errorBodySchema } from '@shop/shared/contract';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { describeEachDatabase, get } from '../test/databases.ts';
import { AppError } from './errors.ts';

const strictErrorBody = errorBodySchema.strict();

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
      const response = await ctx.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 5, nested: { count: 'x' } } });
      expect(response.statusCode).toBe(400);
      const body = strictErrorBody.parse(response.json());
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(['name', 'nested.count']);
    });

    it('answers an unsupported media type with 415', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/x-nope' }, payload: 'x' });
      expect(response.statusCode).toBe(415);
      expect(strictErrorBody.parse(response.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('passes AppError status, code and user message through', async () => {
      const { status, body } = await get(ctx, '/api/test/app-error');
      expect(status).toBe(409);
      expect(body).toEqual({ error: { code: 'CONFLICT', message: 'Already there' }, meta: { message: 'Schon vorhanden' } });
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
          api.get('/test/bad-response', { schema: { response: { 200: z.object({ result: z.number() }) } } }, async () => ({ result: 'x' as unknown as number }));
        },
        { prefix: '/api' },
      );
    },
  },
);
