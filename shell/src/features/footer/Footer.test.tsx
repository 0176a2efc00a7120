import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import type { PublicSchool } from '@shop/shared';
import { startShellI18n } from '../../i18n/testing.ts';
import { Header } from '../header/Header.tsx';
import { resetSchoolForTest } from '../school/useSchool.ts';
import { Footer } from './Footer.tsx';

beforeAll(startShellI18n);
beforeEach(resetSchoolForTest);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const school: PublicSchool = {
  name: 'Academia Sol',
  postalAddress: 'Sonnenallee 5\n12045 Berlin',
  email: 'hola@academia-sol.example',
  phone: '',
  vatId: 'DE123456789',
  vatExemptionNote: '',
  logoUrl: '',
  websiteUrl: 'https://academia-sol.example/',
  imprintUrl: 'https://academia-sol.example/impressum',
  privacyUrl: 'https://academia-sol.example/datenschutz',
  termsUrl: 'https://academia-sol.example/agb',
  withdrawalUrl: 'https://academia-sol.example/widerruf',
  contactUrl: 'https://academia-sol.example/kontakt',
};

function answerSchool(result: PublicSchool | null) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/api/school')) return new Response(JSON.stringify({ result }), { status: 200 });
    return new Response('{}', { status: 404 });
  });
}

const renderShell = () =>
  render(
    <MemoryRouter>
      <Header />
      <Footer consentConfigurable={false} />
    </MemoryRouter>,
  );

describe("the school's links in the header and footer", () => {
  it("come from the school's identity at runtime, not from the build", async () => {
    const fetched = answerSchool(school);
    renderShell();
    const footer = screen.getByRole('navigation', { name: 'Rechtliches und Kontakt' });
    expect(await within(footer).findByRole('link', { name: 'Impressum' })).toHaveProperty('href', school.imprintUrl);
    expect(within(footer).getByRole('link', { name: 'Datenschutz' })).toHaveProperty('href', school.privacyUrl);
    expect(within(footer).getByRole('link', { name: /AGB/ })).toHaveProperty('href', school.termsUrl);
    expect(within(footer).getByRole('link', { name: 'Widerrufsbelehrung' })).toHaveProperty(
      'href',
      school.withdrawalUrl,
    );
    expect(within(footer).getByRole('link', { name: 'Kontakt' })).toHaveProperty('href', school.contactUrl);
    expect(document.querySelector('.shell-header__logo')).toHaveProperty('href', school.websiteUrl);
    // Once per page, however many parts read it.
    expect(fetched.mock.calls.filter(([input]) => String(input).endsWith('/api/school'))).toHaveLength(1);
  });

  it('name no made-up links while the school has not set its identity', async () => {
    const fetched = answerSchool(null);
    renderShell();
    await vi.waitFor(() => expect(fetched).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    const footer = screen.getByRole('navigation', { name: 'Rechtliches und Kontakt' });
    expect(within(footer).queryByRole('link', { name: 'Impressum' })).toBeNull();
    expect(document.body.innerHTML).not.toContain('sprachschule.example');
    expect(document.querySelector('.shell-header__logo')?.getAttribute('href')).toBe('/');
  });
});
