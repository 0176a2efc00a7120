import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throw-away PostgreSQL cluster from the local server binaries, on a free loopback port, removed again on
 * stop. The API tests (postgres-global-setup.ts) and the PostgreSQL benchmark runs use it.
 */
export interface TemporaryPostgres {
  /** Admin connection URL (user `postgres`, database `postgres`). */
  url: string;
  /** The binaries' folder, for messages. */
  bin: string;
  stop(): void;
  /** Stops the server but keeps its data (`pg_ctl stop -m fast`): an outage, for tests of what the API does then. */
  pause(): void;
  /** Starts the paused server again, on the same port with the same data. */
  resume(): void;
}

export type TemporaryPostgresOutcome = { started: TemporaryPostgres } | { notStarted: string };

const binaryNames = ['initdb', 'pg_ctl', 'postgres'] as const;

/** The newest /usr/lib/postgresql/<version>/bin with all binaries, else /usr/local/bin. */
function findPostgresBinaries(): string | null {
  const candidates: string[] = [];
  const base = '/usr/lib/postgresql';
  if (fs.existsSync(base)) {
    const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a) || b.localeCompare(a));
    candidates.push(...versions.map((v) => path.join(base, v, 'bin')));
  }
  candidates.push('/usr/local/bin', '/usr/lib/postgresql/bin', '/usr/bin');
  return candidates.find((dir) => binaryNames.every((name) => fs.existsSync(path.join(dir, name)))) ?? null;
}

/** A port nobody listens on at the moment, on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts a cluster, or says why it could not. `durable: false` (the tests) turns fsync and synchronous commit
 * off, which makes them much faster and is harmless for data thrown away; a benchmark keeps PostgreSQL's
 * durable defaults so that its figures mean what they would in production.
 */
export async function startTemporaryPostgres({ durable }: { durable: boolean }): Promise<TemporaryPostgresOutcome> {
  const bin = findPostgresBinaries();
  if (!bin) return { notStarted: 'no initdb/pg_ctl/postgres found in /usr/lib/postgresql/*/bin or /usr/local/bin' };

  // initdb refuses to run as root: run the server as the `postgres` system user then.
  let runAs: string[] = [];
  let owner: { uid: number; gid: number } | null = null;
  if (process.getuid?.() === 0) {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      owner = { uid, gid };
      runAs = ['runuser', '-u', 'postgres', '--'];
    } catch {
      return { notStarted: 'running as root and there is no `postgres` system user to run the server as' };
    }
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-api-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  const run = (binary: string, args: string[]) => {
    const [command, ...prefix] = [...runAs, path.join(bin, binary)];
    return execFileSync(command!, [...prefix, ...args], { stdio: 'pipe', timeout: 60_000 });
  };

  let started = false;
  const stop = () => {
    process.off('exit', stop);
    if (started) {
      started = false;
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch (error) {
        console.warn('Stopping the temporary PostgreSQL server failed:', (error as Error).message);
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    run('initdb', [
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ]);
    const port = await freePort();
    const serverOptions = [
      `-p ${port}`,
      "-c listen_addresses='127.0.0.1'",
      `-c unix_socket_directories='${dir}'`,
      '-c max_connections=200',
      ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    ].join(' ');
    const startServer = () =>
      run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start']);
    startServer();
    started = true;
    // Best effort if the process exits without calling stop (e.g. vitest's output pipe closed): don't leave a server.
    process.once('exit', stop);
    const pause = () => {
      run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      started = false;
    };
    const resume = () => {
      startServer();
      started = true;
    };
    return { started: { url: `postgres://postgres@127.0.0.1:${port}/postgres`, bin, stop, pause, resume } };
  } catch (error) {
    const e = error as Error & { stderr?: Buffer };
    const detail = e.stderr?.toString().trim() || e.message;
    const log = fs.existsSync(logFile) ? `\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}` : '';
    stop();
    return { notStarted: `starting a temporary cluster with ${bin} failed: ${detail}${log}` };
  }
}
