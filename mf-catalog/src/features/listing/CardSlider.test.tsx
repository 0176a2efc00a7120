import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerTranslations } from '@shop/shared';
import { startI18n } from '@shop/shared/testing';
import { areaTranslations } from '../../i18n/index.ts';
import { CardSlider, inPages, pagePosition, type SliderItem } from './CardSlider.tsx';
import { columnsInView, pageSteps } from './sliderColumns.ts';

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
/** The first commit's cards in the test's window: two rows of the columns in view per page. */
const firstCards = () => pageSteps.first * 2 * columnsInView(window.innerWidth, 3);

describe('pages filled row by row', () => {
  it('puts the next dates beside each other, then below: 0 1 2 / 3 4 5 with three in view', () => {
    expect(inPages([0, 1, 2, 3, 4, 5, 6, 7], 3)).toEqual([
      [0, 1, 2, 3, 4, 5],
      [6, 7],
    ]);
    expect(inPages([0, 1, 2, 3, 4], 1)).toEqual([[0, 1], [2, 3], [4]]);
  });

  it('says which cards are in view among all', () => {
    expect(pagePosition(1, 1, 18)).toEqual({ from: 3, to: 4 });
    expect(pagePosition(2, 3, 14)).toEqual({ from: 13, to: 14 });
    expect(pagePosition(4, 1, 9)).toEqual({ from: 9, to: 9 });
  });
});

describe('CardSlider', () => {
  beforeAll(async () => {
    await startI18n();
    await registerTranslations(areaTranslations);
  });
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
    // Four cards per page at 1024 px (2 columns × 2 rows); every page is a slide from the start.
    expect(cardsShown()).toBe(firstCards());
    expect(container.querySelectorAll('.swiper-slide')).toHaveLength(10);
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

  it("renders each card once while the pages come in, and only the toggled card's page when a card opens", async () => {
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
    // Card 13 is on the page of cards 12 to 15; no other page renders again.
    const again = [...renders].filter(([, count]) => count > 1).map(([key]) => key);
    expect(again).toEqual(['course-12', 'course-13', 'course-14', 'course-15']);
  });

  describe('Swiper starts after the first paint', () => {
    const slider = (container: HTMLElement) => container.querySelector('.swiper')!;
    const slideLabels = (container: HTMLElement) =>
      [...container.querySelectorAll('.swiper-slide')].map((slide) => slide.getAttribute('aria-label'));

    it('is not running in the first commit, and runs on the same markup after the next frame', async () => {
      const { container } = render(<CardSlider items={items(10)} columns={3} />);
      const markup = slider(container);
      expect(markup.classList.contains('swiper-initialized')).toBe(false);
      // Until it runs, the slider is at its first page: "previous" is disabled.
      expect(screen.getByRole('button', { name: 'Vorherige Angebote' })).toHaveProperty('disabled', true);
      await waitFor(() => expect(markup.classList.contains('swiper-initialized')).toBe(true));
      expect(slider(container)).toBe(markup);
      expect(slideLabels(container)[0]).toBe('1 von 3');
    });

    it('counts the slides again when another list comes', async () => {
      const { container, rerender } = render(<CardSlider items={items(10)} columns={3} />);
      // happy-dom lays nothing out, and Swiper measures nothing in a slider of no width.
      Object.defineProperty(slider(container), 'clientWidth', { value: 1000 });
      await waitFor(() => expect(slider(container).classList.contains('swiper-initialized')).toBe(true));
      rerender(<CardSlider items={items(16, 'product')} columns={3} />);
      await waitFor(() => expect(slideLabels(container)).toHaveLength(4));
      expect(slideLabels(container)).toEqual(Array.from({ length: 4 }, (_, index) => `${index + 1} von 4`));
    });

    it('keeps a press on "next" made before it runs, and moves on when it starts', async () => {
      const { container } = render(<CardSlider items={items(10)} columns={3} />);
      expect(screen.getByTestId('slider-position').textContent).toBe('1–4 von 10');
      fireEvent.click(screen.getByRole('button', { name: 'Weitere Angebote' }));
      await waitFor(() => expect(slider(container).classList.contains('swiper-initialized')).toBe(true));
      await waitFor(() =>
        expect(container.querySelectorAll('.swiper-slide')[1]!.classList.contains('swiper-slide-active')).toBe(true),
      );
      await waitFor(() => expect(screen.getByTestId('slider-position').textContent).toBe('5–8 von 10'));
    });

    const withDetails = (count: number): SliderItem[] =>
      items(count).map((item) => ({
        key: item.key,
        render: ({ open, onToggle }) => (
          <article>
            <button type="button" aria-expanded={open} onClick={onToggle}>
              {item.key}
            </button>
          </article>
        ),
      }));
    const expanded = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-expanded');

    it('keeps a detail panel opened before it runs open when it starts, and closes it when it starts again', async () => {
      const { container } = render(<CardSlider items={withDetails(10)} columns={3} />);
      // The visitor opens a card's details in the moment before Swiper's code has come.
      fireEvent.click(screen.getByRole('button', { name: 'course-1' }));
      expect(expanded('course-1')).toBe('true');
      await waitFor(() => expect(slider(container).classList.contains('swiper-initialized')).toBe(true));
      expect(expanded('course-1')).toBe('true');

      // Another language starts Swiper again (its labels are set when it starts): a (re-)initialisation closes it.
      const { default: i18n } = await import('i18next');
      await i18n.changeLanguage('en');
      try {
        await waitFor(() => expect(expanded('course-1')).toBe('false'));
      } finally {
        await i18n.changeLanguage('de');
      }
    });

    it('does not start for a slider that is gone, and stops with it', async () => {
      const { container, unmount } = render(<CardSlider items={items(10)} columns={3} />);
      const markup = slider(container);
      unmount();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(markup.classList.contains('swiper-initialized')).toBe(false);
    });
  });
});
