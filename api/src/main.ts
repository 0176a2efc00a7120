import { startRefusal } from './features/mode/production-check.ts';

// Before anything is loaded or opened: settings that do not fit the mode (production without what it needs, a live
// payment key in development) stop here with one line naming them all.
// The check needs none of the app, so the server's modules are only loaded once it passes; a refused start then
// takes a moment instead of loading (and compiling, under tsx) the whole API first.
const refusal = startRefusal(process.env);
if (refusal) {
  console.error(refusal);
  process.exitCode = 1;
} else {
  const { startServer } = await import('./server.ts');
  await startServer();
}
