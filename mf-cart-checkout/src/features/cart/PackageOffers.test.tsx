import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CourseType, dataLayer, registerTranslations, useCartStore, type CartItem } from '@shop/shared';
import { courseFixture, courseItem, fakeApi, startI18n } from '@shop/shared/testing';
import { areaTranslations } from '../../i18n/index.ts';
import { PackageOffers } from './PackageOffers.tsx';

beforeAll(async () => {
  await startI18n();
  await registerTranslations(areaTranslations);
});
afterEach(() => {
  cleanup();
  useCartStore.getState().clear();
  dataLayer().length = 0;
  localStorage.clear();
});

const conversation: CartItem = {
  id: 'c9',
  ...courseItem(courseFixture({ id: 9, type: CourseType.conversationHours }), 1),
};

const priceConfig = [
  { type: 'conversation_hours', amount: 1, price: 25 },
  { type: 'conversation_hours', amount: 5, price: 115 },
  { type: 'conversation_hours', amount: 10, price: 220 },
];

async function renderOffers() {
  useCartStore.getState().replaceItems([conversation]);
  fakeApi({ 'GET /api/course/price-config': { body: { result: priceConfig } } });
  render(<PackageOffers />);
  return (await screen.findAllByRole('radio')) as HTMLInputElement[];
}

const addToCartEvents = () =>
  dataLayer().filter((entry) => entry.event === 'add_to_cart') as {
    ecommerce: { items: { item_id: string; sku?: string; quantity: number; price: number }[] };
  }[];

describe('package offers', () => {
  it('put the chosen package in the cart and report it as add_to_cart with its sku (docs/product-rules.md#api-calls)', async () => {
    const [five, ten] = await renderOffers();
    expect(screen.getAllByRole('radio')).toHaveLength(2);

    fireEvent.click(five!);
    expect(useCartStore.getState().items.filter((item) => item.itemType === 'package')).toMatchObject([
      { packageType: 'conversation_hours', amount: 5, quantity: 1 },
    ]);
    expect(addToCartEvents().map((event) => event.ecommerce.items)).toEqual([
      [expect.objectContaining({ item_id: 'package_conversation_hours_5', sku: 'conversation_hours_5', price: 115 })],
    ]);

    // Another package replaces it, and is reported too.
    fireEvent.click(ten!);
    expect(useCartStore.getState().items.filter((item) => item.itemType === 'package')).toMatchObject([{ amount: 10 }]);
    expect(addToCartEvents().map((event) => event.ecommerce.items[0]!.sku)).toEqual([
      'conversation_hours_5',
      'conversation_hours_10',
    ]);
  });

  it('choosing the chosen package again clears it, and reports no addition', async () => {
    const [five] = await renderOffers();
    fireEvent.click(five!);
    fireEvent.click(five!);
    expect(useCartStore.getState().items.filter((item) => item.itemType === 'package')).toEqual([]);
    expect(five!.checked).toBe(false);
    expect(addToCartEvents()).toHaveLength(1);
  });
});
