import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore, type PriceResult } from '@shop/shared';
import { useCartNotificationStore } from '../pricing/cartNotifications.ts';
import { useCartPriceStore } from '../pricing/cartPrice.ts';
import de from '../../i18n/de.json';
import { DiscountCodeBox } from '../pricing/DiscountCodeBox.tsx';
import { AdjustmentNotices } from './AdjustmentNotices.tsx';

const i18n = createInstance();
void i18n
  .use(initReactI18next)
  .init({ lng: 'de', resources: { de: { translation: de } }, interpolation: { escapeValue: false } });
const renderDe = (ui: React.ReactElement) => render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);

beforeEach(() => {
  vi.useFakeTimers();
  useCartNotificationStore.setState({ notifications: [] });
  useCartStore.setState({ discountCodes: [] });
  useCartPriceStore.setState({
    priceResult: null,
    status: 'idle',
    isValidatingDiscount: false,
    discountError: null,
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const notify = (reason: string, adjustedQuantity: number, requestedQuantity: number) =>
  act(() =>
    useCartNotificationStore
      .getState()
      .notify({ adjustment: { reason, adjustedQuantity, requestedQuantity }, courseName: 'Spanisch A2' }),
  );

describe('adjustment warnings', () => {
  it('say per reason what happened (docs/product-rules.md#errors), an unknown reason raw, and go on dismiss or after 10 s', () => {
    renderDe(<AdjustmentNotices />);
    notify('REGISTRATION_DEADLINE_PASSED', 0, 1);
    notify('COURSE_FULLY_BOOKED', 0, 2);
    notify('NOT_ENOUGH_PLACES', 2, 4);
    notify('NOT_ENOUGH_APPOINTMENTS', 1, 3);
    notify('WAITING_LIST_ONLY', 0, 1);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent?.replace('×', ''))).toEqual([
      'Die Anzahl für „Spanisch A2“ wurde angepasst: Die Anmeldefrist ist abgelaufen.',
      'Die Anzahl für „Spanisch A2“ wurde angepasst: Der Kurs ist ausgebucht.',
      'Die Anzahl für „Spanisch A2“ wurde angepasst: Nur 2 Plätze verfügbar, angefragt: 4.',
      'Die Anzahl für „Spanisch A2“ wurde angepasst: Nur 1 Termin verfügbar, angefragt: 3.',
      'Die Anzahl für „Spanisch A2“ wurde angepasst: WAITING_LIST_ONLY',
    ]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Hinweis schließen' })[0]!);
    expect(screen.getAllByRole('alert')).toHaveLength(4);
    // Focus stays on the next notice's close button, not <body> (WCAG 2.4.3).
    expect(document.activeElement).toBe(screen.getAllByRole('button', { name: 'Hinweis schließen' })[0]);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });
});

describe('focus when a notice goes (WCAG 2.4.3)', () => {
  it('moves to the next close button, then to the previous one, and from the last notice to the page heading', () => {
    renderDe(
      <section>
        <h1>Warenkorb</h1>
        <AdjustmentNotices />
      </section>,
    );
    notify('COURSE_FULLY_BOOKED', 0, 2);
    notify('REGISTRATION_DEADLINE_PASSED', 0, 1);
    const close = () => screen.queryAllByRole('button', { name: 'Hinweis schließen' });
    close()[1]!.focus();
    fireEvent.click(close()[1]!);
    expect(document.activeElement).toBe(close()[0]);
    fireEvent.click(close()[0]!);
    expect(close()).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Warenkorb' }));
  });

  /** A cart page with a button beside one adjustment notice. */
  const renderNoticeBesideAButton = () => {
    renderDe(
      <section>
        <h1>Warenkorb</h1>
        <button type="button">Weiter einkaufen</button>
        <AdjustmentNotices />
      </section>,
    );
    notify('COURSE_FULLY_BOOKED', 0, 2);
  };

  it('also when the 10 s timer removes the notice that holds the focus', () => {
    renderNoticeBesideAButton();
    screen.getByRole('button', { name: 'Hinweis schließen' }).focus();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Warenkorb' }));
  });

  it('and leaves the focus alone when the timer removes a notice that does not hold it', () => {
    renderNoticeBesideAButton();
    screen.getByRole('button', { name: 'Weiter einkaufen' }).focus();
    act(() => vi.advanceTimersByTime(10_000));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Weiter einkaufen' }));
  });
});

describe('discount code box', () => {
  const result = (provided: PriceResult['discountCodesProvided']): PriceResult => ({
    items: [],
    subtotal: 0,
    totalPrice: 0,
    paymentMethods: [],
    discountCodesProvided: provided,
    discountsApplied: [],
    quantityAdjustments: [],
  });

  it('adds the code normalised, shows validation, then each invalid code’s reason (or the fallback) in red', () => {
    renderDe(<DiscountCodeBox />);
    fireEvent.change(screen.getByLabelText('Gutscheincode'), { target: { value: ' sommer25 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einlösen' }));
    expect(useCartStore.getState().discountCodes).toEqual(['SOMMER25']);
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Gutscheincode wird geprüft …');
    expect(screen.getByLabelText('Gutscheincode')).toHaveProperty('value', '');

    act(() => useCartStore.setState({ discountCodes: ['SOMMER25', 'XY'] }));
    act(() =>
      useCartPriceStore.setState({
        isValidatingDiscount: false,
        priceResult: result([
          {
            code: 'SOMMER25',
            status: 'invalid',
            totalDiscountAmount: 0,
            errorMessage: 'Mindestbestellwert nicht erreicht.',
          },
          { code: 'XY', status: 'invalid', totalDiscountAmount: 0, errorMessage: null },
        ]),
      }),
    );
    expect(screen.getByText('Mindestbestellwert nicht erreicht.').className).toBe('discount-box__error');
    expect(screen.getByText('Ungültiger Gutscheincode: XY')).toBeTruthy();
    expect(screen.getAllByTestId('discount-tag').map((tag) => tag.className)).toEqual([
      'discount-tag discount-tag--invalid',
      'discount-tag discount-tag--invalid',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Gutscheincode XY entfernen' }));
    expect(useCartStore.getState().discountCodes).toEqual(['SOMMER25']);
    // Focus goes to the remaining code's remove button, and with the last code to the input (WCAG 2.4.3).
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Gutscheincode SOMMER25 entfernen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Gutscheincode SOMMER25 entfernen' }));
    expect(useCartStore.getState().discountCodes).toEqual([]);
    expect(document.activeElement).toBe(screen.getByLabelText('Gutscheincode'));
  });

  it('says in its live region that a code was accepted, as it says when one is refused (WCAG 4.1.3)', () => {
    renderDe(<DiscountCodeBox />);
    const input = screen.getByLabelText('Gutscheincode');
    fireEvent.change(input, { target: { value: 'sommer25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einlösen' }));
    const region = document.getElementById(input.getAttribute('aria-describedby')!)!;
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('Gutscheincode wird geprüft …');

    act(() =>
      useCartPriceStore.setState({
        isValidatingDiscount: false,
        priceResult: result([{ code: 'SOMMER25', status: 'valid', totalDiscountAmount: 25, errorMessage: null }]),
      }),
    );
    expect(region.textContent).toBe('Gutscheincode SOMMER25 eingelöst.');
  });

  it('takes at most 10 codes: the 11th stays in the box with the reason, and goes in once a code is removed', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `CODE${i + 1}`);
    useCartStore.setState({ discountCodes: ten });
    renderDe(<DiscountCodeBox />);
    fireEvent.change(screen.getByLabelText('Gutscheincode'), { target: { value: 'elf' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einlösen' }));
    expect(useCartStore.getState().discountCodes).toEqual(ten);
    expect(screen.getByLabelText('Gutscheincode')).toHaveProperty('value', 'elf');
    expect(
      screen.getByText(
        'Sie können höchstens 10 Gutscheincodes einlösen. Entfernen Sie einen, um einen anderen einzulösen.',
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Gutscheincode CODE1 entfernen' }));
    expect(screen.queryByText(/höchstens 10 Gutscheincodes/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Einlösen' }));
    expect(useCartStore.getState().discountCodes).toEqual([...ten.slice(1), 'ELF']);
  });
});
