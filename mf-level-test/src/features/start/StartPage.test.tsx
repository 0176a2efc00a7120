import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderArea, startI18n } from '../../test/harness.tsx';

beforeAll(startI18n);
afterEach(cleanup);

describe('/level-test', () => {
  it('offers four cards: first steps starts A1, the others ask yes/no', () => {
    renderArea('/level-test');
    expect(screen.getByRole('heading', { level: 1, name: 'Einstufungstest' })).toBeTruthy();
    // How long it takes is said before the first card, so before it starts.
    const duration = screen.getByTestId('level-test-duration');
    expect(duration.textContent).toMatch(/^Der Test dauert etwa 10 bis 15 Minuten/);
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Erste Schritte',
      'Grundkenntnisse',
      'Selbstständig',
      'Kompetent',
    ]);
    expect(duration.compareDocumentPosition(cards[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(cards[0]!).getByRole('link', { name: 'Test starten' }).getAttribute('href')).toBe('/level-test/A1');
    const targets = cards.slice(1).map((card) => {
      const group = within(card).getByRole('group');
      expect(group.getAttribute('aria-labelledby')).toBeTruthy();
      return ['Ja', 'Nein'].map((name) => within(group).getByRole('link', { name }).getAttribute('href'));
    });
    expect(targets).toEqual([
      ['/level-test/A2', '/level-test/A1'],
      ['/level-test/B2', '/level-test/B1'],
      ['/level-test/C1', '/level-test/B2'],
    ]);
  });

  it('links home and account in its footer', () => {
    renderArea('/level-test');
    const footer = screen.getByRole('navigation', { name: 'Einstufungstest: weitere Seiten' });
    expect(within(footer).getByRole('link', { name: 'Startseite' }).getAttribute('href')).toBe('/');
    expect(within(footer).getByRole('link', { name: 'Mein Konto' }).getAttribute('href')).toBe('/account-data');
  });

  it('/einstufung leads to the start', () => {
    renderArea('/einstufung');
    expect(screen.getByTestId('location').textContent).toBe('/level-test');
    expect(screen.getByRole('heading', { level: 1, name: 'Einstufungstest' })).toBeTruthy();
  });
});
