import { describe, expect, it } from 'vitest';
import { renderSandboxPage } from './sandbox-page.ts';

const input = {
  payment: { id: 'sb_1', status: 'pending' as const, amountCents: 28900, currency: 'EUR', chargedBackCents: 0 },
  reference: '100042',
  language: 'de' as const,
  holdOver: false,
  shopUrl: 'https://shop.test',
};

describe('the sandbox payment page', () => {
  it('names the school of the identity, at the time it is shown', () => {
    const page = renderSandboxPage({ ...input, schoolName: 'Academia Sol' });
    expect(page).toContain('<title>Testzahlung 100042 – Academia Sol</title>');
    expect(page).toContain('>Academia Sol</a>');
    expect(page).not.toContain('Sprachschule Español');
  });

  it('names no school while none is set', () => {
    const page = renderSandboxPage({ ...input, schoolName: null });
    expect(page).toContain('<title>Testzahlung 100042</title>');
    expect(page).not.toContain('class="sandbox-header__brand"');
    expect(page).not.toContain('Sprachschule Español');
  });
});
