/**
 * `npm ci`'s `prepare` step: point git at the repository's hooks (.githooks/, the commit-msg check), but only in a
 * git checkout whose hooks path is not set to something else already. Anywhere else (a tarball, no git, CI
 * without a checkout) it does nothing, and it never fails the install.
 */
import { execFileSync } from 'node:child_process';

const hooksPath = '.githooks';

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

try {
  if (git('rev-parse', '--is-inside-work-tree') === 'true') {
    let current = '';
    try {
      current = git('config', '--get', 'core.hooksPath');
    } catch {
      // not set
    }
    if (current === '') git('config', 'core.hooksPath', hooksPath);
    else if (current !== hooksPath)
      console.warn(`core.hooksPath is ${current}; the commit-msg check in ${hooksPath}/ is not installed.`);
  }
} catch {
  // not a git checkout, or no git: nothing to install
}
