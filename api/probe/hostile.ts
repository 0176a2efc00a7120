import fc from 'fast-check';

/**
 * Hostile input for the probe: values that have broken web APIs before (control characters, overlong text,
 * wrong types, huge numbers, prototype keys, junk nesting), and the requests built from a route's valid example
 * by swapping one part for such a value. Deterministic: a seed gives the same requests every run.
 */

/** Every C0 control and DEL; NUL first, the one PostgreSQL cannot store at all. */
export const controlCharacters = [
  '\u0000',
  ...Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)),
  '\u007f',
];

const hostileStrings = [
  '\u0000',
  'Ana\u0000',
  '\u0000Ana',
  'a\u0007b',
  '\u001b[31mrot',
  'Ana\u007f',
  'zwei\nZeilen',
  'Tab\there',
  '\r\n\r\n',
  '',
  '   ',
  'x'.repeat(300),
  'x'.repeat(5_000),
  'ü'.repeat(40_000),
  '\ud800',
  '\u202eevil',
  '😀'.repeat(100),
  "' OR '1'='1' --",
  '"; DROP TABLE customer; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  '%zz',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '1e400',
  '-1',
];

const hostileNumbers = [
  -1,
  0,
  0.5,
  -0.5,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  1e-300,
  123456789012,
];

/** A JSON object whose own keys try to reach Object.prototype. */
const pollution = () =>
  JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}') as unknown;

/** Nesting deep enough to hurt a recursive validator or serialiser. */
const deepNesting = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

const hostileOthers: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [null],
  [[[[]]]],
  { '': '' },
  Array.from({ length: 5_000 }, (_, i) => i),
  deepNesting(2_000),
];

/** A string with control characters mixed into ordinary and unusual text. */
const controlString = fc.string({
  unit: fc.constantFrom('a', 'Z', ' ', 'é', '😀', '\ud800', ...controlCharacters),
  minLength: 1,
  maxLength: 30,
});

/** Any hostile JSON value: the lists above, control strings, and random JSON. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 3, arbitrary: controlString },
  { weight: 2, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 2, arbitrary: fc.constantFrom(...hostileOthers) },
  { weight: 1, arbitrary: fc.constant(null).map(pollution) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A hostile text for a query value or path segment (a URL carries text only). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileStrings.filter((s) => s.length < 6_000)) },
  { weight: 3, arbitrary: controlString },
  { weight: 1, arbitrary: fc.constantFrom(...hostileNumbers.map(String)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
);

/** Raw bodies that are not the JSON they claim to be, or are JSON that JavaScript reads oddly. */
export const rawBodies: { body: string; contentType: string }[] = [
  { body: '{"a": ', contentType: 'application/json' },
  { body: '', contentType: 'application/json' },
  { body: 'null', contentType: 'application/json' },
  { body: '"text"', contentType: 'application/json' },
  { body: '[{"a": 1}]', contentType: 'application/json' },
  { body: '{"n": 1e400, "m": -1e400, "big": 123456789012345678901234567890}', contentType: 'application/json' },
  { body: '{"__proto__": {"polluted": "yes"}}', contentType: 'application/json' },
  { body: '{"constructor": {"prototype": {"polluted": "yes"}}}', contentType: 'application/json' },
  { body: '{"a": "\\u0000", "a": "dupe"}', contentType: 'application/json' },
  { body: `{"a": "${'x'.repeat(1_100_000)}"}`, contentType: 'application/json' },
  { body: '<order><total>0</total></order>', contentType: 'application/xml' },
  { body: 'outcome=paid&__proto__[polluted]=yes', contentType: 'application/x-www-form-urlencoded' },
  { body: 'plain text', contentType: 'text/plain' },
  { body: '{"a": 1}', contentType: 'application/json; charset=utf-16' },
  { body: '\u0000\u0001\u0002', contentType: 'application/octet-stream' },
];

export type JsonPath = (string | number)[];

/** Every place in a JSON value (not the root): the candidates for a swap. */
export function pathsOf(value: unknown, prefix: JsonPath = []): JsonPath[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...pathsOf(item, [...prefix, i])]);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
  }
  return [];
}

export function valueAt(value: unknown, path: JsonPath): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value);
}

/** A copy of `value` with the place at `path` replaced (JSON round trip: the examples are plain JSON). */
export function withValueAt(value: unknown, path: JsonPath, replacement: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as unknown;
  const parent = valueAt(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  Object.defineProperty(parent, path.at(-1)!, {
    value: replacement,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

/** A copy of an object with prototype keys added as own properties, where JSON.parse would put them. */
export function withPollution(value: unknown, path: JsonPath): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as unknown;
  const target = (path.length ? valueAt(copy, path) : copy) as Record<string, unknown>;
  for (const key of ['__proto__', 'constructor', 'prototype']) {
    Object.defineProperty(target, key, {
      value: { polluted: 'yes' },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/** Draws `count` values of `arbitrary` for `seed`: the same ones every run. */
export const draw = <T>(arbitrary: fc.Arbitrary<T>, seed: number, count: number): T[] =>
  fc.sample(arbitrary, { seed, numRuns: count });

/** A stable seed per name, so each route gets its own and adding a route changes no other's requests. */
export function seedOf(name: string, base: number): number {
  let hash = base | 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}
