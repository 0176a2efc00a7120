/**
 * Shared parts of the API benchmark scenarios: start a server script as a child process, drive it with
 * autocannon, and print one comparable line per run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface RunningServer {
  url: string;
  stop: () => void;
}

/** Starts `script` (a .ts file in this folder) under tsx and waits for the port it prints. */
export async function startServer(script: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url))],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const parsed = /^\{"port":(\d+)\}$/.exec(line.trim());
      if (parsed) resolve(Number(parsed[1]));
    });
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

export interface LoadResult {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  seconds: number;
  connections?: number;
  /** Requests per second for an open-loop paced run (latency at that rate); without, the most the server sustains. */
  rate?: number;
  /** A POST with a JSON body (GET without). */
  json?: unknown;
  headers?: Record<string, string>;
}

/**
 * One run against `url`. Without `rate`: autocannon measures the most the server sustains with `connections`
 * keep-alive connections. With `rate`: an open-loop paced run (see pacedLoad) measures latency at that rate.
 */
export async function load(label: string, url: string, options: LoadOptions): Promise<LoadResult> {
  if (options.rate) return pacedLoad(label, url, { ...options, rate: options.rate });
  const result = await autocannon({
    url,
    duration: options.seconds,
    connections: options.connections ?? 10,
    headers: requestHeaders(options),
    ...(options.json === undefined ? {} : { method: 'POST' as const, body: JSON.stringify(options.json) }),
  });
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

// As a browser asks: the API may answer compressed.
function requestHeaders(options: LoadOptions): Record<string, string> {
  return {
    'accept-encoding': 'gzip, deflate, br',
    ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
    ...options.headers,
  };
}

/**
 * Latency at a fixed rate, measured the way "p99 at N requests per second" means it: request i is due at
 * start + i/rate, sent then whether or not earlier answers are back (open loop), and its latency counts from
 * when it was due, so a stalled server or generator cannot hide queueing (no coordinated omission).
 *
 * Not autocannon's `overallRate`: that lets each connection send its whole share for the second as soon as the
 * second starts and then idle, so it measures bursts of `connections` requests at once after ~0.8 s of quiet
 * (even a hello-world shows a p99 of 3–5 ms that way), not a steady rate. Its latencies are also whole
 * milliseconds; these are to the microsecond.
 */
export async function pacedLoad(
  label: string,
  url: string,
  options: LoadOptions & { rate: number },
): Promise<LoadResult> {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections ?? 64 });
  const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
  const headers = { ...requestHeaders(options), ...(body ? { 'content-length': String(body.length) } : {}) };
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;

  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const req = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: body ? 'POST' : 'GET',
          headers,
          agent,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });

  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let sent = 0; sent < total;) {
    // Send everything that is due (timers fire late by up to a millisecond or so), then sleep until the next.
    const now = performance.now();
    while (sent < total && start + sent * interval <= now) inFlight.push(send(start + sent++ * interval));
    if (sent < total)
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + sent * interval - performance.now())));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? NaN;
  return { label, rps: latencies.length / elapsed, p50: percentile(50), p99: percentile(99), errors, non2xx };
}

export function printTable(results: readonly LoadResult[]): void {
  const row = (cells: string[]) => console.log(cells.map((c, i) => (i === 0 ? c.padEnd(46) : c.padStart(10))).join(''));
  row(['run', 'req/s', 'p50 ms', 'p99 ms', 'errors']);
  for (const r of results)
    row([r.label, r.rps.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), String(r.errors + r.non2xx)]);
}
