import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { generateSync } from 'otplib';

/** Helpers of the back office journeys: the staff command, the setup link, the authenticator's codes. */

export const backofficeUrl = 'http://localhost:5178';
const root = fileURLToPath(new URL('../..', import.meta.url));

let counter = 0;
export const staffEmail = (name: string) => `${name}.${Date.now()}.${++counter}@school.example`;

/**
 * Runs the staff command as an operator would (`npm run staff -w api -- add <email> --role …`), against the
 * journeys' database, and returns the setup link it prints.
 */
export async function addStaff(email: string, role: 'owner' | 'staff', env: Record<string, string> = {}): Promise<URL> {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'staff', '-w', 'api', '--', 'add', email, '--role', role],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_FILE: process.env.E2E_DATABASE_FILE ?? '',
        BACKOFFICE_URL: backofficeUrl,
        ...env,
      },
      timeout: 60_000,
    },
  );
  const link = /https?:\/\/\S+\/setup#token=\S+/.exec(stdout)?.[0];
  expect(link, `a setup link in the staff command's output: ${stdout}`).toBeTruthy();
  return new URL(link!);
}

/** The current code of an authenticator holding `secret` (as the setup page shows it, in groups). */
export const totpCode = (secret: string) => generateSync({ secret: secret.replace(/\s+/g, '') });

/** yyyy-MM-dd, `days` from today. */
export function daysAhead(days: number, from = new Date()): string {
  const date = new Date(from);
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** dd.MM.yyyy as the shop and its mails write a date. */
export const germanDate = (iso: string) => iso.split('-').reverse().join('.');

/** Sets a password on the setup page (and, when asked, enrols the authenticator); ends signed in. */
export async function completeSetup(page: Page, link: URL, password: string): Promise<string | null> {
  await page.goto(link.toString());
  await expect(page.getByRole('heading', { level: 1, name: 'Zugang einrichten' })).toBeVisible();
  await page.getByLabel('Neues Passwort', { exact: false }).fill(password);
  await page.getByLabel('Passwort wiederholen', { exact: false }).fill(password);
  let secret: string | null = null;
  const secretText = page.getByTestId('totp-secret');
  if (await secretText.isVisible()) {
    secret = (await secretText.textContent())!.replace(/\s+/g, '');
    await page.getByLabel('Code der Authenticator-App', { exact: false }).fill(totpCode(secret));
  }
  await page.getByRole('button', { name: 'Zugang einrichten' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen im Backoffice' })).toBeVisible();
  return secret;
}
