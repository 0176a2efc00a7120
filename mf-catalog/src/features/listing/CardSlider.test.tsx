import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startI18n } from '@shop/shared/testing';
import { CardSlider, type SliderItem } from './CardSlider.tsx';
import { columnSteps } from './sliderColumns.ts';

const items = (count: number, prefix = 'course'): SliderItem[] =>
  Array.from({ length: count }, (_, index) => ({
    key: `${prefix}-${index}`,
    render: () => <article>{`${prefix} ${index}`}</article>,
  }));
const cardsShown = () => screen.queryAllByRole('article').length;
/** happy-dom's own control of the window's size (the test environment's, not a browser API). */
const setWindowWidth = (width: number) =>
  (window as unknown as { happyDOM: { setViewport: (size: { width: number }) => void } }).happyDOM.setViewport({
    width,
  });
/** The first commit's cards in the test's window: two per column. */
const firstCards = () => columnSteps(window.innerWidth, 3).first * 2;

describe('CardSlider', () => {
  beforeAll(startI18n);
  afterEach(cleanup);
  afterEach(() => setWindowWidth(1024));

  it('brings the view on screen and the next with the first commit: 2 columns on a phone, 6 on a wide screen', async () => {
    setWindowWidth(390);
    const { unmount } = render(<CardSlider items={items(40)} columns={3} />);
    expect(cardsShown()).toBe(4);
    await waitFor(() => expect(cardsShown()).toBe(40));
    unmount();
    setWindowWidth(1280);
    render(<CardSlider items={items(40)} columns={3} />);
    expect(cardsShown()).toBe(12);
  });

  it('commits the cards of the first columns first, and every other card right after', async () => {
    const { container } = render(<CardSlider items={items(40)} columns={3} />);
    // Two cards per column; every column is a slide from the start.
    expect(cardsShown()).toBe(firstCards());
    expect(container.querySelectorAll('.swiper-slide')).toHaveLength(20);
    await waitFor(() => expect(cardsShown()).toBe(40));
    expect(screen.getAllByRole('article').map((card) => card.textContent)).toEqual(
      items(40).map((item) => item.key.replace('-', ' ')),
    );
  });

  it('keeps every card when the same list renders again, and starts afresh with another list', async () => {
    const { rerender } = render(<CardSlider items={items(40)} columns={3} />);
    await waitFor(() => expect(cardsShown()).toBe(40));
    rerender(<CardSlider items={items(40)} columns={3} />);
    expect(cardsShown()).toBe(40);
    rerender(<CardSlider items={items(30, 'product')} columns={3} />);
    expect(cardsShown()).toBe(firstCards());
    await waitFor(() => expect(cardsShown()).toBe(30));
  });

  it("renders each card once while the columns come in, and only the toggled card's column when a card opens", async () => {
    const renders = new Map<string, number>();
    const counted: SliderItem[] = items(40).map((item) => ({
      key: item.key,
      render: vi.fn(({ open, onToggle }) => {
        renders.set(item.key, (renders.get(item.key) ?? 0) + 1);
        return (
          <article>
            <button type="button" aria-expanded={open} onClick={onToggle}>
              {item.key}
            </button>
          </article>
        );
      }),
    }));
    render(<CardSlider items={counted} columns={3} />);
    await waitFor(() => expect(cardsShown()).toBe(40));
    // Once each (StrictMode is not on here): a step renders its new columns only, not those already shown.
    expect([...renders.values()].every((count) => count === 1)).toBe(true);
    expect(renders.size).toBe(40);

    screen.getByRole('button', { name: 'course-13' }).click();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'course-13' }).getAttribute('aria-expanded')).toBe('true'),
    );
    // Card 13 is in the column of cards 12 and 13; no other column renders again.
    const again = [...renders].filter(([, count]) => count > 1).map(([key]) => key);
    expect(again).toEqual(['course-12', 'course-13']);
  });
});
