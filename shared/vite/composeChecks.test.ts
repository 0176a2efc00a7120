import { describe, expect, it } from 'vitest';
import { compositionProblems } from './composeChecks.js';

const provides = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  '@module-federation/runtime-core': '2.9.1',
  '@shop/shared': '1.10.0',
};
const requires = {
  react: '^19.3.1',
  'react-dom': '^19.3.1',
  '@module-federation/runtime-core': '^2.9.1',
  '@shop/shared': '^1.9.2',
};

describe('compositionProblems', () => {
  it('accepts areas whose every requirement the shell provides', () => {
    expect(compositionProblems(provides, { catalog: { requires }, account: { requires } })).toEqual([]);
  });

  it('names every problem of every area on a line of its own', () => {
    expect(
      compositionProblems(provides, {
        catalog: { requires: { ...requires, '@shop/shared': '^1.11.0', react: '^20.0.0' } },
        account: { requires: { ...requires, '@module-federation/runtime-core': '^3.0.0', preact: '^10.0.0' } },
        levelTest: {},
      }),
    ).toEqual([
      'catalog: needs react ^20.0.0, the shell provides 19.3.1',
      'catalog: needs @shop/shared ^1.11.0, the shell provides 1.10.0',
      'account: needs @module-federation/runtime-core ^3.0.0, the shell provides 2.9.1',
      'account: needs preact ^10.0.0, the shell provides none',
      'levelTest: its manifest names no requirements (a build from before compose checked them); rebuild it',
    ]);
  });
});
