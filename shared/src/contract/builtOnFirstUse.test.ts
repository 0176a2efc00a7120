import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from './index.ts';

/** What a schema's definition holds, as far as this check needs it. */
interface Definition {
  type: string;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
}

const definitionOf = (schema: z.ZodType) => schema._zod.def as Definition;
const isSchema = (value: unknown): value is z.ZodType => typeof value === 'object' && value !== null && '_zod' in value;

/**
 * Whether building this schema builds a tree of others at import: an object, array, record, tuple or intersection,
 * or a wrapper or union around one, not behind `z.lazy`. Strings, numbers, enums and literals stay eager: they are
 * single schemas, cheap to build, and the contract refines them further with their own methods.
 */
function buildsATree(schema: z.ZodType): boolean {
  const def = definitionOf(schema);
  switch (def.type) {
    case 'lazy':
      return false;
    case 'object':
    case 'array':
    case 'record':
    case 'tuple':
    case 'intersection':
      return true;
    case 'union':
      return (def.options ?? []).some(buildsATree);
    case 'pipe':
      return [def.in, def.out].some((part) => part !== undefined && buildsATree(part));
    default:
      return def.innerType !== undefined && buildsATree(def.innerType);
  }
}

// docs/performance.md#what-every-page-loads
describe('the contract builds its schemas on first use', () => {
  it('no exported schema builds a tree of schemas at import', () => {
    const eager = Object.entries(contract)
      .filter(([, value]) => isSchema(value) && buildsATree(value))
      .map(([name]) => name);
    expect(eager).toEqual([]);
  });

  it('the check sees an object, and a wrapper around one, and lets a lazy one pass', async () => {
    const { z } = await import('zod');
    expect(buildsATree(z.object({ a: z.string() }))).toBe(true);
    expect(buildsATree(z.array(z.object({ a: z.string() })).default([]))).toBe(true);
    expect(buildsATree(z.lazy(() => z.object({ a: z.string() })))).toBe(false);
    expect(buildsATree(z.string().trim().min(1))).toBe(false);
  });

  it('a lazy schema still parses, refuses and names the field as before', () => {
    expect(contract.loginRequestSchema.safeParse({ email: 'ana@example.com', password: 'x' }).success).toBe(true);
    const refused = contract.loginRequestSchema.safeParse({ email: 'ana@example.com' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['password']);
  });
});
