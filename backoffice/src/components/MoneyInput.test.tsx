import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Form, SaveButton, required } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider, messages } from '../i18n/i18nProvider.ts';
import { MoneyInput, moneyError, moneyText, moneyValue } from './MoneyInput.tsx';

afterEach(cleanup);

describe('the money input (euros typed, cents in the form)', () => {
  it('shows cents as German euros and reads German or English decimals as cents', () => {
    expect(moneyText(28950)).toBe('289,50');
    expect(moneyText(null)).toBe('');
    expect(moneyValue('289,50')).toBe(28950);
    expect(moneyValue('289.5')).toBe(28950);
    expect(moneyValue('  ')).toBeNull();
    // Text that is no amount stays text, so the validator can say why.
    expect(moneyValue('289,505')).toBe('289,505');
  });

  it('names why text is no amount with a text key that exists in German, English and Spanish', () => {
    const cases = { '289,505': 'two_decimals', '-5': 'not_negative', zwölf: 'euro_amount' } as const;
    for (const [text, code] of Object.entries(cases)) {
      expect(moneyError(text, {}, {})).toBe(`bo.fieldError.${code}`);
      for (const language of ['de', 'en', 'es'] as const) {
        const fieldErrors = (messages[language] as unknown as { bo: { fieldError: Record<string, string> } }).bo
          .fieldError;
        expect(fieldErrors[code], `${language} ${code}`).toBeTruthy();
      }
    }
    expect(moneyError(28950, {}, {})).toBeUndefined();
    expect(moneyError(null, {}, {})).toBeUndefined();
  });

  function renderForm(record: Record<string, unknown>, onSubmit: (values: Record<string, unknown>) => void) {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Form record={record} onSubmit={onSubmit} noValidate>
          <MoneyInput source="priceCents" label="Preis (EUR)" validate={required()} />
          <SaveButton alwaysEnable />
        </Form>
      </AdminContext>,
    );
    return screen.getByRole('textbox', { name: /Preis \(EUR\)/ });
  }

  it('shows a loaded price in euros and submits what staff type as cents', async () => {
    const onSubmit = vi.fn();
    const input = renderForm({ id: 1, priceCents: 28900 }, onSubmit);
    expect(input).toHaveProperty('value', '289,00');
    fireEvent.change(input, { target: { value: '289,50' } });
    expect(input).toHaveProperty('value', '289,50');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ priceCents: 28950 });
  });

  it('refuses more than two decimals with a German field error and submits nothing', async () => {
    const onSubmit = vi.fn();
    const input = renderForm({ id: 1, priceCents: 28900 }, onSubmit);
    fireEvent.change(input, { target: { value: '289,505' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(await screen.findByText('Höchstens zwei Nachkommastellen')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
