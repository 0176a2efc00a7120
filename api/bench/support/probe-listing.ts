/**
 * Child process of the catalogue-import benchmark: asks the URL given as its argument every 50 ms, as a visitor
 * would, until it gets SIGTERM; then prints `{"answers":…,"failures":…,"p50":…,"p99":…,"max":…}` (milliseconds).
 * A process of its own, so neither the import's work nor the API's delays its timing.
 */
import process from 'node:process';

const url = process.argv[2]!;
const latencies: number[] = [];
let failures = 0;
let running = true;
process.on('SIGTERM', () => (running = false));

while (running) {
  const started = performance.now();
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) failures++;
  } catch {
    failures++;
  }
  latencies.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const sorted = [...latencies].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
console.log(JSON.stringify({ answers: sorted.length, failures, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 }));
