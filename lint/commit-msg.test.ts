import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { commitMessageProblems } from '../scripts/commit-msg.mjs';

/** The commit-msg check (docs/contributing.md): what it refuses and accepts, and that git runs it. */
const root = fileURLToPath(new URL('..', import.meta.url));
const subject72 = 'Keep the cart when the payment fails, so the buyer can try again with it';

describe('commit message rule', () => {
  it('accepts a subject of 72 characters, with or without a body after a blank line', () => {
    expect([...subject72]).toHaveLength(72);
    expect(commitMessageProblems(`${subject72}\n`)).toEqual([]);
    expect(commitMessageProblems(`${subject72}\n\nThe cart was cleared before the provider answered.\n`)).toEqual([]);
  });

  it('refuses a subject over 72 characters', () => {
    const problems = commitMessageProblems(`${subject72}!\n\nWhy.\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('73 characters');
  });

  it('refuses a body that starts on the line after the subject', () => {
    const problems = commitMessageProblems('Cap unpaid places per client\nOne client kept every place.\n');
    expect(problems).toEqual(['Leave a blank line between the subject and the body.']);
  });

  it('counts characters, not bytes, and leaves out comments and the diff of commit -v', () => {
    const umlauts = 'Ä'.repeat(72);
    expect(commitMessageProblems(`${umlauts}\n`)).toEqual([]);
    const edited = `Cap unpaid places per client\n# Please enter the commit message\n\nWhy.\n# ------------------------ >8 ------------------------\n${'x'.repeat(200)}\n`;
    expect(commitMessageProblems(edited)).toEqual([]);
  });

  it("lets git's merge subjects and the fixup prefix pass", () => {
    expect(
      commitMessageProblems(`Merge branch 'docs' of /work/main into a-very-long-branch-name-that-goes-on-and-on\n`),
    ).toEqual([]);
    expect(commitMessageProblems(`fixup! ${subject72}\n`)).toEqual([]);
  });
});

describe('the hook', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'commit-msg-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const git = (...args: string[]) =>
    spawnSync('git', ['-c', `core.hooksPath=${join(root, '.githooks')}`, ...args], { cwd: scratch, encoding: 'utf8' });

  it('makes git refuse a long subject and accept a short one', () => {
    expect(git('init', '--quiet').status).toBe(0);
    git('config', 'user.name', 'Test');
    git('config', 'user.email', 'test@example.org');
    writeFileSync(join(scratch, 'file.txt'), 'one\n');
    git('add', 'file.txt');

    const refused = git('commit', '--quiet', '-m', `${subject72} and more`);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('Commit refused');

    const accepted = git('commit', '--quiet', '-m', 'Add the file', '-m', 'Because the test needs one.');
    expect(accepted.stderr).toBe('');
    expect(accepted.status).toBe(0);
    expect(git('log', '--format=%s').stdout.trim()).toBe('Add the file');
  });

  it('is installed by the prepare script through core.hooksPath', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.prepare).toBe('node scripts/install-git-hooks.mjs');
    const checkout = mkdtempSync(join(tmpdir(), 'hooks-install-'));
    try {
      expect(spawnSync('git', ['init', '--quiet'], { cwd: checkout }).status).toBe(0);
      const install = spawnSync('node', [join(root, 'scripts/install-git-hooks.mjs')], { cwd: checkout });
      expect(install.status).toBe(0);
      const hooksPath = spawnSync('git', ['config', '--get', 'core.hooksPath'], { cwd: checkout, encoding: 'utf8' });
      expect(hooksPath.stdout.trim()).toBe('.githooks');
    } finally {
      rmSync(checkout, { recursive: true, force: true });
    }
  });

  it('installs nothing, and does not fail, outside a git checkout', () => {
    const folder = mkdtempSync(join(tmpdir(), 'no-git-'));
    try {
      const install = spawnSync('node', [join(root, 'scripts/install-git-hooks.mjs')], {
        cwd: folder,
        env: { ...process.env, GIT_CEILING_DIRECTORIES: tmpdir() },
      });
      expect(install.status).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
