import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useReducer } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TagCategory } from '@shop/shared';
import { startI18n } from '@shop/shared/testing';
import { areaTranslations } from '../../i18n/index.ts';
import { registerTranslations } from '@shop/shared';
import { FilterBar } from './FilterBar.tsx';
import { filterReducer, initialFilterState } from './filterState.ts';

const categories: TagCategory[] = [
  {
    id: 3,
    slug: 'level',
    tags: [
      { id: 31, slug: 'a1', selected: false },
      { id: 32, slug: 'a2', selected: false },
    ],
  },
];

function Bar() {
  const [state, dispatch] = useReducer(filterReducer, [], initialFilterState);
  return <FilterBar state={state} dispatch={dispatch} categories={categories} />;
}

/** The phone width of the sheet, or a wide screen. */
const onPhone = (matches: boolean) =>
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ matches, media: query }) as MediaQueryList);

function openPanel() {
  render(<Bar />);
  const toggle = screen.getByRole('button', { name: 'Filter' });
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  return toggle;
}

describe('FilterBar focus (WCAG 2.4.3)', () => {
  beforeAll(async () => {
    registerTranslations(areaTranslations);
    await startI18n();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('"Schließen" hides the panel and hands focus to the "Filter" toggle', () => {
    onPhone(true);
    const toggle = openPanel();
    const close = screen.getByRole('button', { name: 'Schließen' });
    close.focus();
    fireEvent.click(close);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('"Anwenden" on a phone closes the sheet and hands focus to the toggle', () => {
    onPhone(true);
    const toggle = openPanel();
    fireEvent.click(screen.getByRole('checkbox', { name: 'A1' }));
    const apply = screen.getByRole('button', { name: /^Filter anwenden/ });
    apply.focus();
    fireEvent.click(apply);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('"Anwenden" on a wide screen keeps the panel open and focus where it is', () => {
    onPhone(false);
    const toggle = openPanel();
    const apply = screen.getByRole('button', { name: /^Filter anwenden/ });
    apply.focus();
    fireEvent.click(apply);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(apply);
  });
});

describe('FilterBar as a dialog', () => {
  beforeAll(async () => {
    registerTranslations(areaTranslations);
    await startI18n();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('opens as a modal dialog on a phone, named by its heading', () => {
    onPhone(true);
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    openPanel();
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Kurse filtern' })).toBeTruthy();
  });

  it('opens in place (not modal) on a wide screen', () => {
    onPhone(false);
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const show = vi.spyOn(HTMLDialogElement.prototype, 'show');
    openPanel();
    expect(show).toHaveBeenCalledTimes(1);
    expect(showModal).not.toHaveBeenCalled();
  });

  it('Escape closes it and the focus returns to the toggle', () => {
    onPhone(true);
    const toggle = openPanel();
    const checkbox = screen.getByRole('checkbox', { name: 'A1' });
    checkbox.focus();
    fireEvent.keyDown(checkbox, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    expect((document.querySelector('dialog') as HTMLDialogElement).open).toBe(false);
  });
});
