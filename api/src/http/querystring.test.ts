import { describe, expect, it } from 'vitest';
import { parseQueryString } from './querystring.ts';

describe('parseQueryString', () => {
  it('maps key[] to a list under key', () => {
    expect({ ...parseQueryString('tags[]=a&tags[]=b&page=2') }).toEqual({ tags: ['a', 'b'], page: '2' });
    expect({ ...parseQueryString('tags[]=a') }).toEqual({ tags: ['a'] });
  });

  it('keeps a single plain key a string and turns repeated plain keys into a list', () => {
    expect({ ...parseQueryString('tags=a') }).toEqual({ tags: 'a' });
    expect({ ...parseQueryString('tags=a&tags=b&tags[]=c') }).toEqual({ tags: ['a', 'b', 'c'] });
  });

  it('decodes values and survives malformed escapes', () => {
    expect({ ...parseQueryString('q=a%20b+c&bad=%ZZ') }).toEqual({ q: 'a b c', bad: '%ZZ' });
    expect({ ...parseQueryString('') }).toEqual({});
  });

  it('cannot touch Object.prototype', () => {
    const parsed = parseQueryString('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.keys(parsed).sort()).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
