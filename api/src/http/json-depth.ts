import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** How many arrays and objects a JSON body may nest at most; the deepest request of the contract needs 8. */
export const maxJsonDepth = 32;

/**
 * Whether `text` opens more than `max` arrays or objects inside one another (brackets inside strings are text).
 * One pass without allocations, stopping at the first level too deep.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

/**
 * Fastify's JSON parser (its proto and constructor poisoning checks, its errors for empty and malformed bodies),
 * behind a look at the nesting: JSON.parse spends some 80 ms on a megabyte of brackets inside one another, on any
 * route and before any schema can refuse it, so a few such requests a second kept a core busy. A body nested
 * deeper than `maxJsonDepth` is refused at once (400 INVALID_JSON; docs/decisions/0005-hostile-input.md).
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, maxJsonDepth)) {
      done(
        new AppError(400, 'INVALID_JSON', `The JSON body is nested too deeply (at most ${maxJsonDepth} levels)`),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
