import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LaunchOptions } from '@playwright/test';

/**
 * The system fonts the browser sees on Linux. The shop's text is its own Figtree, but until Figtree has loaded a
 * system font takes its place, and pictures with text (the payment badges) draw in one. So the journeys hide every
 * font but Debian's DejaVu (`dejavu`, a plain Linux machine and the screenshot baselines) or DejaVu and Liberation
 * Sans (`arial`: Liberation Sans has Arial's metrics, as on Windows and macOS), whatever else a machine has
 * installed (docs/decisions/0060-fonts-the-journeys-see.md).
 */
export type FontSet = 'dejavu' | 'arial';

const fontDirectories: Record<FontSet, readonly (readonly [directory: string, debianPackage: string])[]> = {
  dejavu: [['/usr/share/fonts/truetype/dejavu', 'fonts-dejavu-core']],
  arial: [
    ['/usr/share/fonts/truetype/dejavu', 'fonts-dejavu-core'],
    ['/usr/share/fonts/truetype/liberation', 'fonts-liberation'],
  ],
};

/**
 * A fontconfig file that keeps Debian's configuration and hides every font outside `directories`. A directory and
 * each of its parents must be accepted as well as its files: the rejecting glob also stops the scan of a directory.
 */
function fontconfigShowing(directories: readonly string[]): string {
  const parents = (directory: string) =>
    directory
      .split('/')
      .slice(1)
      .map((_, index, parts) => `/${parts.slice(0, index + 1).join('/')}`);
  const accepted = [...new Set(directories.flatMap((directory) => [...parents(directory), `${directory}/*`]))];
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="no">/etc/fonts/fonts.conf</include>
  <selectfont>
    <acceptfont>${accepted.map((glob) => `<glob>${glob}</glob>`).join('')}</acceptfont>
    <rejectfont><glob>/*</glob></rejectfont>
  </selectfont>
</fontconfig>
`;
}

/** The environment that shows the browser only `fonts` (Linux; elsewhere the system's fonts stay). */
function fontEnvironment(fonts: FontSet): Record<string, string> {
  if (process.platform !== 'linux') return {};
  for (const [directory, debianPackage] of fontDirectories[fonts])
    if (!existsSync(directory))
      throw new Error(`The journeys draw with the fonts in ${directory}: apt-get install -y ${debianPackage}`);
  const file = join(tmpdir(), `shop-e2e-fonts-${fonts}.conf`);
  writeFileSync(file, fontconfigShowing(fontDirectories[fonts].map(([directory]) => directory)));
  return { FONTCONFIG_FILE: file };
}

/**
 * Playwright cannot download its browsers on these machines, so the system's Chromium is used
 * (`CHROMIUM_PATH` overrides; without either, Playwright's own). The flags keep Chromium from calling home
 * on a closed network, which otherwise fails and slows every start.
 */
export function chromiumLaunchOptions(fonts: FontSet = 'dejavu'): LaunchOptions {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return {
    executablePath: existsSync(candidate) ? candidate : undefined,
    env: { ...process.env, ...fontEnvironment(fonts) },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  };
}
