import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@shop/shared';
import { answerAfterFocusFixup, customer, fakeApi, renderArea, startI18n } from '../../test/support.tsx';

beforeAll(startI18n);
beforeEach(() => useAuthStore.getState().logIn('tok', false));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AddressPage', () => {
  it('names the purpose of every field, the country too, so browsers can fill the address in (WCAG 1.3.5)', async () => {
    fakeApi({
      'GET /api/customer/me': { body: { result: customer() } },
      'GET /api/customer/me/billing-address': { body: { result: null } },
    });
    renderArea('/account-address');
    await screen.findByLabelText(/^Land/);
    const purposes = [...document.querySelectorAll('form input, form select')].map((field) => [
      field.getAttribute('name'),
      field.getAttribute('autocomplete'),
    ]);
    expect(purposes).toEqual([
      ['firstname', 'given-name'],
      ['lastname', 'family-name'],
      ['addressLine2', 'organization'],
      ['addressLine1', 'address-line1'],
      ['zip', 'postal-code'],
      ['city', 'address-level2'],
      ['country', 'country'],
    ]);
  });

  it('starts from the customer name and Germany, offers the countries of docs/product-rules.md#validation, and shows the success banner for 5 s', async () => {
    const saved = {
      firstname: 'Anna',
      lastname: 'Muster',
      addressLine1: '',
      addressLine2: '',
      city: 'Wien',
      zip: '1010',
      country: 'AT',
    };
    const calls = fakeApi({
      'GET /api/customer/me': { body: { result: customer() } },
      'GET /api/customer/me/billing-address': { body: { result: null } },
      'POST /api/customer/me/billing-address': { body: { result: saved } },
    });
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    renderArea('/account-address');
    const country = (await screen.findByLabelText(/^Land/)) as HTMLSelectElement;
    expect(country.value).toBe('DE');
    expect([...country.options].map((o) => o.value)).toEqual([
      'DE',
      'AT',
      'CH',
      'FR',
      'IT',
      'ES',
      'NL',
      'BE',
      'PL',
      'CZ',
    ]);
    expect((screen.getByLabelText(/^Vorname/) as HTMLInputElement).value).toBe('Anna');

    fireEvent.change(screen.getByLabelText('Postleitzahl (optional)'), { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adresse speichern' }));
    expect(await screen.findByText('Die Postleitzahl darf nur aus bis zu 5 Ziffern bestehen.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Postleitzahl (optional)'), { target: { value: '1010' } });
    fireEvent.change(screen.getByLabelText('Ort (optional)'), { target: { value: 'Wien' } });
    fireEvent.change(country, { target: { value: 'AT' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adresse speichern' }));
    expect(await screen.findByText('Ihre Rechnungsadresse wurde gespeichert.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual(saved);
    // Let React run the effects of that render (which start the banner's timer).
    await act(async () => {});
    await act(async () => vi.advanceTimersByTime(4900));
    expect(screen.queryByText('Ihre Rechnungsadresse wurde gespeichert.')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(200));
    await waitFor(() => expect(screen.queryByText('Ihre Rechnungsadresse wurde gespeichert.')).toBeNull());
  });

  it('shows the server message, else the generic one, when saving fails', async () => {
    fakeApi({
      'GET /api/customer/me': { body: { result: customer() } },
      'GET /api/customer/me/billing-address': {
        body: {
          result: {
            firstname: 'Anna',
            lastname: 'Muster',
            addressLine1: 'Hauptstr. 1',
            addressLine2: '',
            city: '',
            zip: '',
            country: 'DE',
          },
        },
      },
      'POST /api/customer/me/billing-address': [
        { status: 500, body: {} },
        { status: 503, body: { error: { code: 'X', message: 'x' }, meta: { message: 'Wartungsarbeiten' } } },
      ],
    });
    renderArea('/account-address');
    expect(((await screen.findByLabelText('Straße und Hausnummer (optional)')) as HTMLInputElement).value).toBe(
      'Hauptstr. 1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Adresse speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Die Rechnungsadresse konnte nicht gespeichert werden.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Adresse speichern' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Wartungsarbeiten'));
  });

  it('hands the focus to the answer of a save (WCAG 2.4.3)', async () => {
    fakeApi({
      'GET /api/customer/me': { body: { result: customer() } },
      'GET /api/customer/me/billing-address': { body: { result: null } },
      'POST /api/customer/me/billing-address': answerAfterFocusFixup({ status: 500, body: {} }),
    });
    renderArea('/account-address');
    const save = await screen.findByRole('button', { name: 'Adresse speichern' });
    save.focus();
    fireEvent.click(save);
    const alert = await screen.findByRole('alert');
    expect(document.activeElement).toBe(alert);
  });

  it('when the success notice goes after 5 s with the focus in it, hands the focus to the save button', async () => {
    fakeApi({
      'GET /api/customer/me': { body: { result: customer() } },
      'GET /api/customer/me/billing-address': { body: { result: null } },
      'POST /api/customer/me/billing-address': answerAfterFocusFixup({
        body: {
          result: {
            firstname: 'Anna',
            lastname: 'Muster',
            addressLine1: '',
            addressLine2: '',
            city: '',
            zip: '',
            country: 'DE',
          },
        },
      }),
    });
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    renderArea('/account-address');
    const save = await screen.findByRole('button', { name: 'Adresse speichern' });
    save.focus();
    fireEvent.click(save);
    const notice = await screen.findByRole('status');
    expect(document.activeElement).toBe(notice);
    await act(async () => {});
    await act(async () => vi.advanceTimersByTime(5100));
    await waitFor(() => expect(screen.queryByText('Ihre Rechnungsadresse wurde gespeichert.')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Adresse speichern' }));
  });
});
