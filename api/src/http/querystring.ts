/**
 * Query-string parser given to Fastify. The shop's client sends lists as `tags[]=a&tags[]=b`; a repeated
 * plain key (`tags=a&tags=b`) also becomes a list, and a single `tags=a` stays a string (the schema wraps it).
 * The result has no prototype, so keys like `__proto__` or `constructor` are just unknown keys for the
 * strict schemas to reject, never a way to reach Object.prototype.
 */
export function parseQueryString(query: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = Object.create(null);
  // URLSearchParams never throws: malformed %-escapes are kept literally.
  for (const [rawKey, value] of new URLSearchParams(query)) {
    const isList = rawKey.endsWith('[]') && rawKey.length > 2;
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    const existing = result[key];
    if (existing === undefined) result[key] = isList ? [value] : value;
    else if (Array.isArray(existing)) existing.push(value);
    else result[key] = [existing, value];
  }
  return result;
}
