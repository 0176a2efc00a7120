import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/** What the drivers throw, as they throw it (code and message), for a database that is gone or busy. */
const unavailable = [
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
  Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
  Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
  Object.assign(new Error('connection failure'), { code: '08006' }),
  new Error('Connection terminated unexpectedly'),
  new Error('timeout exceeded when trying to connect'),
  new Error('Client has encountered a connection error and is not queryable'),
  Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
  Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' }),
  new Error('wrapped', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }),
];

/** Bugs and bad statements stay 500s. */
const bugs = [
  new Error('Cannot read properties of undefined'),
  Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' }),
  Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
  Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }),
  null,
  'ECONNREFUSED',
];

describe('isDatabaseUnavailable', () => {
  it('knows an unreachable, stopping or locked database from a bug', () => {
    for (const error of unavailable) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    for (const error of bugs) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});

describeEachDatabase(
  'a request the database cannot serve',
  (ctx) => {
    it('gets 503 SERVICE_UNAVAILABLE with Retry-After, not 500', async () => {
      for (const url of ['/api/test/gone', '/api/test/locked']) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(503);
        expect(response.headers['retry-after'], url).toBe('2');
        expect(response.json().error.code, url).toBe('SERVICE_UNAVAILABLE');
      }
      const bug = await ctx.app.inject({ method: 'GET', url: '/api/test/bug' });
      expect(bug.statusCode).toBe(500);
      expect(bug.headers['retry-after']).toBeUndefined();
    });
  },
  {
    seed: false,
    configure: (app) => {
      app.get('/api/test/gone', async () => {
        throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      });
      app.get('/api/test/locked', async () => {
        throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      });
      app.get('/api/test/bug', async () => {
        throw new Error('a bug');
      });
    },
  },
);
