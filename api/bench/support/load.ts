/**
 * Shared parts of the API benchmark scenarios: start a server script as a child process, drive it with
 * autocannon, and print one comparable line per run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface RunningServer {
  url: string;
  stop: () => void;
}

/** Starts `script` (a .ts file in this folder) under tsx and waits for the port it prints. */
export async function startServer(script: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url))], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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
  rate?: number;
  /** A POST with a JSON body (GET without). */
  json?: unknown;
  headers?: Record<string, string>;
}

/**
 * One autocannon run against `url`. Without `rate` it measures the most the server sustains with
 * `connections` keep-alive connections; with `rate` it sends that many requests per second and measures latency.
 */
export async function load(label: string, url: string, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url,
    duration: options.seconds,
    connections: options.connections ?? 10,
    // As a browser asks: the API may answer compressed.
    headers: {
      'accept-encoding': 'gzip, deflate, br',
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.json === undefined ? {} : { method: 'POST' as const, body: JSON.stringify(options.json) }),
    ...(options.rate ? { overallRate: options.rate } : {}),
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

export function printTable(results: readonly LoadResult[]): void {
  const row = (cells: string[]) => console.log(cells.map((c, i) => (i === 0 ? c.padEnd(46) : c.padStart(10))).join(''));
  row(['run', 'req/s', 'p50 ms', 'p99 ms', 'errors']);
  for (const r of results) row([r.label, r.rps.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), String(r.errors + r.non2xx)]);
}
