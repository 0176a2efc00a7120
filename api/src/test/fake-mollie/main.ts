import { startFakeMollie } from './server.ts';

/**
 * The fake Mollie API as a process of its own, for the Playwright journey (e2e/playwright.config.ts): listens on
 * FAKE_MOLLIE_PORT (https) and calls the shop's webhooks over HTTP, as Mollie does.
 */
const port = Number(process.env.FAKE_MOLLIE_PORT ?? 5190);
const fake = await startFakeMollie({ port, host: '127.0.0.1' });
console.log(`Fake Mollie API on ${fake.apiUrl}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
