import { productionRefusal } from './features/mode/production-check.ts';

// Before anything is loaded or opened: production without its settings stops here with one line naming them all.
// The check needs none of the app, so the server's modules are only loaded once it passes; a refused start then
// takes a moment instead of loading (and compiling, under tsx) the whole API first.
const refusal = productionRefusal(process.env);
if (refusal) {
  console.error(refusal);
  process.exitCode = 1;
} else {
  const { startServer } = await import('./server.ts');
  await startServer();
}
