import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './temporary-postgres.ts';

/**
 * A throw-away Redis server from Debian's `redis-server`, on a free loopback port and a temporary folder,
 * without persistence, stopped and removed again on stop. The API tests use it for the REDIS_URL store.
 */
export interface TemporaryRedis {
  url: string;
  bin: string;
  stop(): void;
  /** Shuts the server down (SIGTERM: with `persistent`, it writes its data first): an outage. */
  pause(): Promise<void>;
  /** Starts it again on the same port and folder, and resolves once it takes connections. */
  resume(): Promise<void>;
}

export type TemporaryRedisOutcome = { started: TemporaryRedis } | { notStarted: string };

const isExecutable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function findRedisServer(): string | null {
  const dirs = [
    ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean),
    '/usr/bin',
    '/usr/local/bin',
    '/usr/sbin',
  ];
  return dirs.map((dir) => path.join(dir, 'redis-server')).find(isExecutable) ?? null;
}

/**
 * `persistent`: append-only file on, as a production Redis that keeps its counters over a restart would run (the
 * tests of an outage); off by default.
 */
export async function startTemporaryRedis({ persistent = false } = {}): Promise<TemporaryRedisOutcome> {
  const bin = findRedisServer();
  if (!bin) return { notStarted: 'no redis-server binary on PATH or in /usr/bin (Debian package `redis-server`)' };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-api-redis-'));
  const port = await freePort();
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    persistent ? 'yes' : 'no',
    '--daemonize',
    'no',
  ];
  let child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const stop = () => {
    process.off('exit', stop);
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const waitForStart = () =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 15_000);
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve(true);
        }
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
  const started = await waitForStart();
  if (!started) {
    stop();
    return { notStarted: `starting ${bin} failed: ${output.slice(-2000) || 'no output'}` };
  }
  const quiet = () => {
    child.stdout.removeAllListeners('data').resume();
    child.stderr.removeAllListeners('data').resume();
  };
  quiet();
  // Best effort if the process exits without calling stop: don't leave a server behind.
  process.once('exit', stop);
  const pause = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const resume = async () => {
    output = '';
    child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (!(await waitForStart())) throw new Error(`restarting ${bin} failed: ${output.slice(-2000)}`);
    quiet();
  };
  return { started: { url: `redis://127.0.0.1:${port}`, bin, stop, pause, resume } };
}
