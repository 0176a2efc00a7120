import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { apiRoot } from '../../config.ts';
import { createDatabase } from '../../db/database.ts';
import { createPostgresTestDatabase } from '../../test/databases.ts';

/** `npm run staff -w api -- …` as the operator runs it: its own node process on the database of the environment. */
function staffCommand(args: string[], env: Record<string, string>, stdin?: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'src/features/staff/cli.ts', ...args],
      { cwd: apiRoot, env: { ...process.env, DATABASE_URL: '', DATABASE_FILE: '', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(stdin ?? '');
  });
}

describe('npm run staff (a process)', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-staff-cli-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const sqlite = { DATABASE_FILE: path.join(folder, 'shop.sqlite'), BACKOFFICE_URL: 'https://backoffice.school.test/' };

  it('prints one line with the setup link into the back office, on a database it migrates itself', async () => {
    const run = await staffCommand(['add', 'Chefin@School.test', '--role', 'owner'], sqlite);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Setup link for chefin@school\.test \(owner\), valid 24 hours, once: https:\/\/backoffice\.school\.test\/setup#token=[\w-]{43}$/,
    );
    const db = createDatabase({ dialect: 'sqlite', file: sqlite.DATABASE_FILE });
    try {
      const row = await db.kysely.selectFrom('staff').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ email: 'chefin@school.test', role: 'owner', password_hash: null });
    } finally {
      await db.close();
    }
  });

  it('the default back office is http://localhost:5178', async () => {
    const run = await staffCommand(['add', 'team@school.test', '--role', 'staff'], {
      DATABASE_FILE: sqlite.DATABASE_FILE,
    });
    expect(run.stdout).toContain('once: http://localhost:5178/setup#token=');
  });

  it('a bad address or role: one clear line on stderr and a non-zero exit', async () => {
    const badEmail = await staffCommand(['add', 'chefin(at)school', '--role', 'owner'], sqlite);
    expect(badEmail).toEqual({ code: 2, stdout: '', stderr: 'Not a valid e-mail address: "chefin(at)school"\n' });
    const badRole = await staffCommand(['add', 'x@school.test', '--role', 'admin'], sqlite);
    expect(badRole).toEqual({ code: 2, stdout: '', stderr: '--role must be owner or staff, got "admin"\n' });
    const taken = await staffCommand(['add', 'chefin@school.test', '--role', 'staff'], sqlite);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toBe('A staff account for chefin@school.test exists already\n');
  });

  it('--password-stdin reads the password from standard input', async () => {
    const run = await staffCommand(
      ['add', 'skript@school.test', '--role', 'staff', '--password-stdin'],
      sqlite,
      'ein langes Passwort 1\n',
    );
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(run.stdout).not.toContain('token=');
  });

  it.skipIf(!inject('pgAdminUrl'))('works on PostgreSQL (DATABASE_URL)', async () => {
    const created = await createPostgresTestDatabase();
    try {
      const run = await staffCommand(['add', 'chefin@school.test', '--role', 'owner'], { DATABASE_URL: created.url });
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(/setup#token=/);
    } finally {
      await created.drop();
    }
  });
});
