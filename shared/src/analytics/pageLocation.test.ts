import { describe, expect, it } from 'vitest';
import { redactedPagePath, redactedPath } from './pageLocation.ts';

describe('a page location as a third party may see it', () => {
  it('reads an e-mail address in the path as :email, escaped or not', () => {
    expect(redactedPath('/checkout-complete/100023/anna.lena%2Bkurs%40example.org')).toBe(
      '/checkout-complete/100023/:email',
    );
    expect(redactedPath('/checkout-return/7/ana@example.org')).toBe('/checkout-return/7/:email');
    expect(redactedPath('/courses')).toBe('/courses');
    expect(redactedPath('/x/%E0%A4%A')).toBe('/x/%E0%A4%A');
  });

  it("keeps only the query parameters of what a page shows: no link's token, address or login", () => {
    expect(redactedPagePath({ pathname: '/courses', search: '?courseType=1&preSelectedTags=a1&hideFilter=true' })).toBe(
      '/courses?courseType=1&preSelectedTags=a1&hideFilter=true',
    );
    for (const search of [
      '?token=abc&email=ana%40example.org',
      '?customerToken=abc',
      '?cartSync=abc',
      '?firstname=Ana&lastname=Garc%C3%ADa&email=ana%40example.org',
      '?redirect=%2Faccount-data',
    ])
      expect(redactedPagePath({ pathname: '/password-new', search })).toBe('/password-new');
  });
});
