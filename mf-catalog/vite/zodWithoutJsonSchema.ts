import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** zod's JSON Schema export (a schema's toJSONSchema and its helpers), which no browser page of the shop calls. */
const jsonSchemaFiles = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;

/**
 * Leaves zod's JSON Schema export out of a bundle (docs/decisions/0037-partner-bundle-weight.md): zod's schema
 * classes refer to it from methods, so tree-shaking keeps it although nothing calls them. Each export of those
 * files becomes a function that throws, so a call that did happen would say so instead of misbehaving. The
 * export names are read from zod's own files, so an upgrade that adds one keeps building.
 */
export function zodWithoutJsonSchema(): Plugin {
  const stub = '\0zod-without-json-schema:';
  return {
    name: 'zod-without-json-schema',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/json-schema/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && jsonSchemaFiles.test(resolved.id) ? `${stub}${resolved.id}` : null;
    },
    load(id) {
      if (!id.startsWith(stub)) return null;
      const source = readFileSync(id.slice(stub.length), 'utf8');
      const names = new Set(
        [...source.matchAll(/^export (?:function|const|class) (\w+)/gm), ...source.matchAll(/ as (\w+) \}/g)].map(
          (match) => match[1],
        ),
      );
      const unavailable = `() => { throw new Error('zod JSON Schema is not part of this bundle'); }`;
      return [...names].map((name) => `export const ${name} = ${unavailable};`).join('\n');
    },
  };
}
