import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Vitest global setup: makes a PostgreSQL server available to the API tests, which then run on SQLite
 * and on PostgreSQL. PG_TEST_URL (a URL whose user may CREATE DATABASE) wins; otherwise a throw-away
 * cluster is created from the local binaries, listens on a free port on 127.0.0.1 and is removed at the
 * end. Without either (or with PG_TEST=off), the tests still run on SQLite and this says clearly that
 * PostgreSQL was skipped.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin connection URL of the test PostgreSQL server, or null when none could be started. */
    pgAdminUrl: string | null;
  }
}

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function warnNoPostgres(reason: string): void {
  const line = '='.repeat(78);
  console.warn(
    `\n${line}\nPostgreSQL run NOT possible: ${reason}\n` +
      'The API tests ran on SQLite only. Set PG_TEST_URL=postgres://user@host:port/db (a user allowed to\n' +
      `CREATE DATABASE) or install a PostgreSQL server (initdb, pg_ctl) to run them on PostgreSQL too.\n${line}\n`,
  );
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  if (process.env.PG_TEST === 'off') {
    project.provide('pgAdminUrl', null);
    warnNoPostgres('disabled by PG_TEST=off');
    return;
  }
  const external = process.env.PG_TEST_URL?.trim();
  if (external) {
    project.provide('pgAdminUrl', external);
    return;
  }

  const bin = findPostgresBinaries();
  if (!bin) {
    project.provide('pgAdminUrl', null);
    warnNoPostgres('no initdb/pg_ctl/postgres found in /usr/lib/postgresql/*/bin or /usr/local/bin');
    return;
  }

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
      project.provide('pgAdminUrl', null);
      warnNoPostgres('running as root and there is no `postgres` system user to run the server as');
      return;
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
  // Best effort if vitest exits without running teardown (e.g. its output pipe closed): don't leave a server.
  const stopOnExit = () => {
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {}
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const stop = async () => {
    process.off('exit', stopOnExit);
    if (started) {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch (error) {
        console.warn('Stopping the test PostgreSQL server failed:', (error as Error).message);
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
    const port = await freePort();
    // Durability is pointless for a throw-away cluster; turning it off makes the tests much faster.
    const serverOptions = [
      `-p ${port}`,
      "-c listen_addresses='127.0.0.1'",
      `-c unix_socket_directories='${dir}'`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start']);
    started = true;
    process.once('exit', stopOnExit);
    project.provide('pgAdminUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);
    console.info(`API tests: PostgreSQL ${path.basename(path.dirname(bin))} test server on 127.0.0.1:${port} (${bin})`);
    return stop;
  } catch (error) {
    const e = error as Error & { stderr?: Buffer };
    const detail = e.stderr?.toString().trim() || e.message;
    const log = fs.existsSync(logFile) ? `\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}` : '';
    await stop();
    project.provide('pgAdminUrl', null);
    warnNoPostgres(`starting a temporary cluster with ${bin} failed: ${detail}${log}`);
  }
}
