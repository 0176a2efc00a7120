import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** What the catalog journeys read from the API to know what the screens must show. */
export interface ApiCourse {
  id: number;
  type: number;
  titles: { language: string; description: string }[];
  tags: { categoryId: number; slug: string }[];
  price: number;
  discountedPrice: number | null;
  startDate: string;
  startTime: string | null;
  freePlaces: number;
  maxParticipants: number;
}

export const euro = (amount: number) =>
  new Intl.NumberFormat('de-DE', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);

export const germanTitle = (entity: { titles: { language: string; description: string }[] }) =>
  entity.titles.find((t) => t.language === 'de')!.description;

/** yyyy-MM-dd, `months` from today in the browser's calendar (Europe/Berlin in these tests). */
export function monthsAhead(months: number, from = new Date()): string {
  const date = new Date(from);
  const day = date.getDate();
  date.setDate(1);
  date.setMonth(date.getMonth() + months);
  date.setDate(Math.min(day, new Date(date.getFullYear(), date.getMonth() + 1, 0).getDate()));
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Every item of a paged search. */
export async function searchAll<T>(request: APIRequestContext, path: string, query: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const response = await request.get(`${path}?limit=100&page=${page}${query ? `&${query}` : ''}`);
    expect(response.ok(), await response.text()).toBe(true);
    const { result } = (await response.json()) as { result: { items: T[]; total: number } };
    items.push(...result.items);
    if (result.items.length === 0 || items.length >= result.total) return items;
  }
}

export const cards = (scope: Page | Locator) => scope.getByRole('article');

/** Waits until the listing shows its cards (the loading notice is gone). */
export async function waitForListing(page: Page) {
  await expect(page.getByText('Kurse werden geladen …')).toHaveCount(0);
  await expect(cards(page).first()).toBeVisible();
}
