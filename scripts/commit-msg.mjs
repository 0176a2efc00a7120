#!/usr/bin/env node
/**
 * The commit-msg check (installed by `npm ci` through git's core.hooksPath, see .githooks/commit-msg): a subject of
 * at most 72 characters, then a blank line before the body that says why. docs/contributing.md says the same.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const maxSubjectLength = 72;

/** Git's scissors line (`git commit -v`): everything below it is the diff, not the message. */
const scissors = /^# -+ >8 -+$/m;

/** The lines git keeps: comments (`#`) and the diff below the scissors left out. */
function messageLines(text) {
  const cut = text.search(scissors);
  const kept = cut === -1 ? text : text.slice(0, cut);
  return kept
    .replace(/\r\n/g, '\n')
    .split('\n')
    .filter((line) => !line.startsWith('#'));
}

/**
 * What is wrong with a commit message, as sentences; none when it passes. Git's own merge subjects pass, and the
 * prefix of `git commit --fixup`/`--squash` is not counted (autosquash removes it).
 */
export function commitMessageProblems(text) {
  const lines = messageLines(text);
  while (lines.length > 0 && lines[0].trim() === '') lines.shift();
  const subject = lines[0] ?? '';
  if (subject.trim() === '') return []; // git itself aborts on an empty message
  if (/^Merge (branch|remote-tracking branch|tag|commit|pull request) /.test(subject)) return [];
  const problems = [];
  const counted = subject.replace(/^((fixup|squash|amend)! )+/, '');
  const length = [...counted].length;
  if (length > maxSubjectLength)
    problems.push(
      `The subject has ${length} characters; keep it at ${maxSubjectLength} or fewer, and say the rest in the body.`,
    );
  if (lines.length > 1 && lines[1].trim() !== '') problems.push('Leave a blank line between the subject and the body.');
  return problems;
}

function main(file) {
  if (!file) {
    console.error('usage: node scripts/commit-msg.mjs <commit message file>');
    return 2;
  }
  const problems = commitMessageProblems(readFileSync(file, 'utf8'));
  if (problems.length === 0) return 0;
  console.error(['Commit refused:', ...problems.map((problem) => `- ${problem}`)].join('\n'));
  console.error('(A subject of at most 72 characters, a blank line, then why: see docs/contributing.md.)');
  return 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main(process.argv[2]);
