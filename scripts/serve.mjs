#!/usr/bin/env node
/**
 * Starts the whole shop: the API, the five areas and the back office (its own app, 5178) on
 * docs/architecture.md#ports, or on the ports of PORT_API (else PORT), PORT_SHELL, PORT_CATALOG, PORT_CARTCHECKOUT,
 * PORT_ACCOUNT, PORT_LEVELTEST and PORT_BACKOFFICE, so that two copies run side by side (docs/configuration.md).
 *   node scripts/serve.mjs preview   production builds (what `npm start` serves; run `npm run build` first)
 *   node scripts/serve.mjs dev       Vite dev servers with hot reload, API restarting on change
 * Uses concurrently so one Ctrl-C stops everything and one crash is visible with its area's name.
 */
import concurrently from 'concurrently';

const mode = process.argv[2] === 'dev' ? 'dev' : 'preview';
const areas = ['shell', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-level-test', 'backoffice'];

// The API listens on this port and every static server proxies `/api` to it (API_PORT), unless API_URL says otherwise.
const apiPort = process.env.PORT_API?.trim() || process.env.PORT?.trim() || '3000';
const env = { ...process.env, PORT: apiPort, API_PORT: apiPort };

const commands = [
  { name: 'api', command: `npm run ${mode === 'dev' ? 'dev' : 'start'} -w api`, prefixColor: 'magenta', env },
  ...areas.map((area) => ({ name: area, command: `npm run ${mode} -w ${area}`, prefixColor: 'cyan', env })),
];

const { result } = concurrently(commands, { killOthersOn: ['failure'], prefix: 'name' });
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
