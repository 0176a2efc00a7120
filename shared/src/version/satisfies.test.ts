import { describe, expect, it } from 'vitest';
import { satisfies } from './satisfies.js';

describe('satisfies', () => {
  it.each([
    ['1.1.0', '^1.1.0', true],
    ['1.4.2', '^1.1.0', true],
    ['1.1.0', '^1.0.0', true],
    ['2.0.0', '^1.1.0', false],
    ['1.1.0', '^2.0.0', false],
    ['1.0.9', '^1.1.0', false],
    ['0.3.1', '^0.3.0', true],
    ['0.4.0', '^0.3.0', false],
    ['1.1.5', '~1.1.0', true],
    ['1.2.0', '~1.1.0', false],
    ['1.1.0', '1.1.0', true],
    ['1.1.1', '1.1.0', false],
    ['1.1.0-beta.1', '^1.0.0', true],
    ['1.1.0', 'latest', false],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});
