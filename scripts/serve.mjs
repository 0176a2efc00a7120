#!/usr/bin/env node
/**
 * Starts the whole shop: the API, the five areas and the back office (its own app, 5178) on
 * docs/architecture.md#ports.
 *   node scripts/serve.mjs preview   production builds (what `npm start` serves; run `npm run build` first)
 *   node scripts/serve.mjs dev       Vite dev servers with hot reload, API restarting on change
 * Uses concurrently so one Ctrl-C stops everything and one crash is visible with its area's name.
 */
import concurrently from 'concurrently';

const mode = process.argv[2] === 'dev' ? 'dev' : 'preview';
const areas = ['shell', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-level-test', 'backoffice'];

const commands = [
  { name: 'api', command: `npm run ${mode === 'dev' ? 'dev' : 'start'} -w api`, prefixColor: 'magenta' },
  ...areas.map((area) => ({ name: area, command: `npm run ${mode} -w ${area}`, prefixColor: 'cyan' })),
];

const { result } = concurrently(commands, { killOthersOn: ['failure'], prefix: 'name' });
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
