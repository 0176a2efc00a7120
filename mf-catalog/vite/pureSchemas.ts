import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const contractDir = fileURLToPath(new URL('../../shared/src/contract/', import.meta.url));

/**
 * Calls a bundle may drop when their result is unused (docs/decisions/0037-partner-bundle-weight.md): zod's
 * builders (`z.…`) and the contract's schemas refined further (`textSchema.trim()…`, `baseSchema.extend(…)`).
 * Building a schema has no effect outside it, but the bundler cannot know that, so without this list every
 * schema of the contract ships, used or not. The schema names are read from the contract's files.
 */
export function pureSchemaCalls(): string[] {
  const names = new Set(['z']);
  for (const file of readdirSync(contractDir).filter((name) => name.endsWith('.ts') && !name.includes('.test.'))) {
    for (const [, name] of readFileSync(join(contractDir, file), 'utf8').matchAll(/\bconst (\w+Schema)\b/g))
      if (name) names.add(name);
  }
  return [...names];
}
