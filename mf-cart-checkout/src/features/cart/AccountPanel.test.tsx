import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerTranslations, useAuthStore } from '@shop/shared';
import { fakeApi, startI18n } from '@shop/shared/testing';
import { areaTranslations } from '../../i18n/index.ts';
import { AccountPanel } from './AccountPanel.tsx';

beforeAll(async () => {
  await startI18n();
  await registerTranslations(areaTranslations);
});
afterEach(() => {
  cleanup();
  useAuthStore.getState().logOut();
});

const renderPanel = () =>
  render(
    <MemoryRouter initialEntries={['/cart']}>
      <AccountPanel />
    </MemoryRouter>,
  );

describe('AccountPanel', () => {
  it('shows a customer no balance of 0 while the balances are being read, then the real ones', async () => {
    let answer: (response: Response) => void = () => {};
    useAuthStore.getState().logIn('tok', false);
    fakeApi({ 'GET /api/customer/me/balances': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderPanel();
    expect(screen.getByRole('heading', { name: 'Ihr Guthaben' })).toBeTruthy();
    expect(screen.queryByText(/Konversationsstunden: 0/)).toBeNull();

    answer(new Response(JSON.stringify({ result: [{ typeId: 3, balance: 4 }] }), { status: 200 }));
    expect(await screen.findByText('Konversationsstunden: 4')).toBeTruthy();
    expect(screen.getByText('Module Flexibles Lernen: 0')).toBeTruthy();
  });

  it('offers a guest the login, coming back to the cart', () => {
    renderPanel();
    expect(screen.getByRole('link', { name: 'Anmelden' }).getAttribute('href')).toBe('/login?redirect=%2Fcart');
  });
});
