import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@shop/shared';
import { startShellI18n } from '../../i18n/testing.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

beforeAll(startShellI18n);
afterEach(cleanup);

describe('LanguageSwitcher', () => {
  it('switches the language, remembers it and sets <html lang>', async () => {
    render(<LanguageSwitcher />);
    const select = screen.getByRole('combobox', { name: 'Sprache' });
    fireEvent.change(select, { target: { value: 'es' } });
    await vi.waitFor(() => expect(i18n.resolvedLanguage).toBe('es'));
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('language')).toBe('es');
    expect(await screen.findByRole('combobox', { name: 'Idioma' })).toBeTruthy();
  });
});
