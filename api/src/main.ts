import { startRefusal } from './features/mode/production-check.ts';
import { malformedSettingsRefusal } from './features/mode/settings-check.ts';

// Before anything is loaded or opened: settings that do not fit the mode (production without what it needs, a live
// payment key in development) stop here with one line naming them all, and so do settings that cannot be read (a
// PAYMENT_HOLD_SECONDS that is no number, a malformed MOLLIE_API_KEY or TRUST_PROXY).
// The check needs none of the app, so the server's modules are only loaded once it passes; a refused start then
// takes a moment instead of loading (and compiling, under tsx) the whole API first.
const refusal = startRefusal(process.env) ?? malformedSettingsRefusal(process.env);
if (refusal) {
  console.error(refusal);
  process.exitCode = 1;
} else {
  const { startServer } = await import('./server.ts');
  await startServer();
}
