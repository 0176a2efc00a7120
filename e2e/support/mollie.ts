/**
 * The second shop of the Mollie journey (started by playwright.config.ts): a fake Mollie API (https, self-signed),
 * an API paying through it with its own database, and a shell whose /api goes to that API.
 */
export const mollieShop = { shellPort: 5183, apiPort: 3001, fakeMolliePort: 5190 } as const;
export const mollieShopUrl = `http://localhost:${mollieShop.shellPort}`;
