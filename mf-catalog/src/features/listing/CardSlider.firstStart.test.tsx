import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerTranslations } from '@shop/shared';
import { startI18n } from '@shop/shared/testing';
import { areaTranslations } from '../../i18n/index.ts';
import { CardSlider, type SliderItem } from './CardSlider.tsx';

// A file of its own: what is tested is the first slider of the page, and a test file is one page.
const items: SliderItem[] = Array.from({ length: 10 }, (_, index) => ({
  key: `course-${index}`,
  render: () => <article>{`course ${index}`}</article>,
}));
const started = (container: HTMLElement) =>
  container.querySelector('.swiper')!.classList.contains('swiper-initialized');
const aWhile = () => new Promise((resolve) => setTimeout(resolve, 200));

describe("the page's first CardSlider", () => {
  beforeAll(async () => {
    await startI18n();
    await registerTranslations(areaTranslations);
    // Swiper's module is read in before, so the time limits below (under the slider's wait of one second) are
    // about the start alone.
    await import('./startSlider.ts');
    // A browser with paint timing whose report of the cards has not come yet.
    class UnreportedPaints {
      static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', UnreportedPaints);
  });
  afterAll(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('waits for its cards to be reported shown, and starts at once when a pointer comes to it', async () => {
    const { container, unmount } = render(<CardSlider items={items} columns={3} />);
    await aWhile();
    expect(started(container)).toBe(false);
    fireEvent.pointerEnter(screen.getByRole('region'));
    await waitFor(() => expect(started(container)).toBe(true), { timeout: 700 });
    unmount();
  });

  it('is the only one to wait: a later slider starts after the next frame', async () => {
    const { container } = render(<CardSlider items={items} columns={3} />);
    await waitFor(() => expect(started(container)).toBe(true), { timeout: 700 });
  });
});
