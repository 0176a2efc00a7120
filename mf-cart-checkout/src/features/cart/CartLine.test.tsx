import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerTranslations, useCartStore, type CartItem } from '@shop/shared';
import { courseFixture, courseItem, startI18n } from '@shop/shared/testing';
import { areaTranslations } from '../../i18n/index.ts';
import { CartLine } from './CartLine.tsx';
import { toCartLine } from './cartLines.ts';

beforeAll(async () => {
  await startI18n();
  await registerTranslations(areaTranslations);
});
afterEach(() => {
  cleanup();
  useCartStore.getState().clear();
});

const course = (id: number, title: string): CartItem => ({
  id: `c${id}`,
  ...courseItem(courseFixture({ id, titles: [{ language: 'de', description: title }] }), 1),
});

/** The cart's lines as the cart page lists them, under its heading. */
function Lines() {
  const items = useCartStore((state) => state.items);
  return (
    <section>
      <h1>Warenkorb</h1>
      <ul>
        {items.map((item) => (
          <CartLine key={item.id} line={toCartLine(item, 'de', null)} />
        ))}
      </ul>
    </section>
  );
}

describe('removing a cart line', () => {
  it('moves focus to the next line, then the previous one, and from the last line to the heading (WCAG 2.4.3)', () => {
    useCartStore.getState().replaceItems([course(1, 'Kurs A'), course(2, 'Kurs B'), course(3, 'Kurs C')]);
    render(<Lines />);
    const remove = (title: string) => screen.getByRole('button', { name: `${title} aus dem Warenkorb entfernen` });

    remove('Kurs B').focus();
    fireEvent.click(remove('Kurs B'));
    expect(useCartStore.getState().items.map((item) => item.id)).toEqual(['c1', 'c3']);
    expect(document.activeElement).toBe(remove('Kurs C'));

    fireEvent.click(remove('Kurs C'));
    expect(document.activeElement).toBe(remove('Kurs A'));

    fireEvent.click(remove('Kurs A'));
    expect(useCartStore.getState().items).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Warenkorb' }));
  });
});

describe('quantity buttons', () => {
  it('hand the focus to the other button when they reach the limit and are disabled (WCAG 2.4.3)', () => {
    useCartStore.getState().replaceItems([{ ...course(1, 'Kurs A'), quantity: 2 }]);
    render(<Lines />);
    const decrease = () => screen.getByRole('button', { name: 'Anzahl für Kurs A verringern' }) as HTMLButtonElement;
    const increase = () => screen.getByRole('button', { name: 'Anzahl für Kurs A erhöhen' }) as HTMLButtonElement;

    decrease().focus();
    fireEvent.click(decrease());
    expect(useCartStore.getState().items[0]?.quantity).toBe(1);
    expect(decrease().disabled).toBe(true);
    expect(document.activeElement).toBe(increase());

    // Below the limit the focus stays where it is.
    fireEvent.click(increase());
    expect(document.activeElement).toBe(increase());
    act(() => useCartStore.getState().setQuantity('c1', 4));
    fireEvent.click(increase());
    expect(useCartStore.getState().items[0]?.quantity).toBe(5);
    expect(increase().disabled).toBe(true);
    expect(document.activeElement).toBe(decrease());
  });
});
