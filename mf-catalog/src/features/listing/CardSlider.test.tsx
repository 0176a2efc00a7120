import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startI18n } from '@shop/shared/testing';
import { CardSlider, type SliderItem } from './CardSlider.tsx';
import { firstColumns } from './sliderColumns.ts';

const items = (count: number, prefix = 'course'): SliderItem[] =>
  Array.from({ length: count }, (_, index) => ({
    key: `${prefix}-${index}`,
    render: () => <article>{`${prefix} ${index}`}</article>,
  }));
const cardsShown = () => screen.queryAllByRole('article').length;

describe('CardSlider', () => {
  beforeAll(startI18n);
  afterEach(cleanup);

  it('commits the cards of the first columns first, and every other card right after', async () => {
    const { container } = render(<CardSlider items={items(40)} columns={3} />);
    // Two cards per column; every column is a slide from the start.
    expect(cardsShown()).toBe(firstColumns * 2);
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
    expect(cardsShown()).toBe(firstColumns * 2);
    await waitFor(() => expect(cardsShown()).toBe(30));
  });
});
