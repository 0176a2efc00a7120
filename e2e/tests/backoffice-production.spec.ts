import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { expectAccessible } from '../support/axe.ts';
import { addStaff, staffEmail, totpCode } from '../support/backoffice.ts';

/**
 * The back office against an API in production mode (NODE_ENV=production): a setup link enrols an authenticator
 * (QR code and the secret as text, a code computed here with otplib), a login without its code is refused, an
 * account made with --password-stdin enrols at its first login, and the owner's first-run setup of the school's
 * identity makes /api/ready ready. Its own API, database and back office server, beside the journeys' shop.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const apiPort = 3011;
const backofficePort = 5188;
const api = `http://127.0.0.1:${apiPort}`;
const backoffice = `http://localhost:${backofficePort}`;
const databaseFile = join(mkdtempSync(join(tmpdir(), 'shop-e2e-production-')), 'shop.sqlite');
const productionEnv = {
  NODE_ENV: 'production',
  DATABASE_FILE: databaseFile,
  PORT: String(apiPort),
  // Production requires these; nothing in this journey mails or takes money.
  SMTP_URL: 'smtp://127.0.0.1:2526',
  PAYMENT_PROVIDER: 'mollie',
  MOLLIE_API_KEY: 'live_e2eBackofficeProductionRun000000000',
  MOLLIE_API_URL: 'https://127.0.0.1:9/v2/',
  SHOP_URL: 'https://shop.example',
  BACKOFFICE_URL: backoffice,
  LOG_LEVEL: 'warn',
  // Neither mail server nor Mollie is there; readiness here is about the school's identity.
  DEPENDENCY_CHECKS: 'off',
};
const password = 'Produktion-Passwort-1';

const processes: ChildProcess[] = [];
function start(command: string, args: string[], cwd: string, env: Record<string, string>) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  processes.push(child);
}
async function waitFor(url: string) {
  await expect
    .poll(async () => (await fetch(url).catch(() => null))?.status ?? 0, { timeout: 60_000, intervals: [500] })
    .toBeGreaterThan(0);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  start('npm', ['run', 'start', '-w', 'api'], root, productionEnv);
  start('npx', ['vite', 'preview'], join(root, 'backoffice'), {
    PORT_BACKOFFICE: String(backofficePort),
    API_PORT: String(apiPort),
  });
  await waitFor(`${api}/api/health`);
  await waitFor(`${backoffice}/`);
});

test.afterAll(() => {
  for (const child of processes) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Ended already.
    }
  }
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** A code of the next 30-second step: the API takes each step once, and one step early for clock drift. */
const nextCode = (secret: string) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

test('the owner enrols an authenticator from the setup link, sets the school up, and logs in with a code', async ({
  page,
  request,
}) => {
  test.slow();
  const email = staffEmail('produktion');
  const link = await addStaff(email, 'owner', productionEnv);
  expect(link.origin).toBe(backoffice);

  await page.goto(link.toString());
  await expect(heading(page)).toHaveText('Zugang einrichten');
  await expect(page.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectAccessible(page);
  await page.getByLabel('Neues Passwort', { exact: false }).fill(password);
  await page.getByLabel('Passwort wiederholen', { exact: false }).fill(password);
  // A wrong code is refused and the page stays.
  await page
    .getByLabel('Code der Authenticator-App', { exact: false })
    .fill('000000' === totpCode(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Zugang einrichten' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Code der Authenticator-App', { exact: false }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Zugang einrichten' }).click();
  await expect(heading(page)).toHaveText('Willkommen im Backoffice');

  // Production starts without the school's identity: not ready until the owner sets it.
  expect((await request.get(`${api}/api/ready`)).status()).toBe(503);
  await expect(page.getByTestId('identity-missing')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Jetzt eintragen' }).click();
  await expect(heading(page)).toHaveText('Angaben zur Schule');
  await expect(page.getByTestId('identity-first-run')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Name der Schule', { exact: false }).fill('Escuela Viva Sprachschule');
  await page.getByLabel('Postanschrift', { exact: false }).fill('Lindenstraße 5\n10969 Berlin');
  await page.getByLabel(/^E-Mail-Adresse/).fill('info@escuela-viva.example');
  await page.getByLabel('Hinweis zur Steuerbefreiung').fill('Umsatzsteuerfrei nach § 4 Nr. 21 UStG');
  for (const [label, path] of [
    ['Impressum', 'impressum'],
    ['Datenschutz', 'datenschutz'],
    ['AGB', 'agb'],
    ['Widerrufsbelehrung', 'widerruf'],
    ['Kontakt', 'kontakt'],
  ] as const)
    await page.getByLabel(label, { exact: false }).fill(`https://escuela-viva.example/${path}`);
  // An address that is not a URL is refused under its input.
  await page.getByLabel('Website').fill('keine Adresse');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Bitte eine vollständige Adresse angeben (https://…)')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Website').fill('https://escuela-viva.example/');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Angaben zur Schule sind gespeichert.')).toBeVisible();
  await expect.poll(async () => (await request.get(`${api}/api/ready`)).status()).toBe(200);

  // Log out; a login without the code is not enough in production.
  await page.getByRole('button', { name: 'Profil' }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(heading(page)).toHaveText('Anmelden');
  await page.getByLabel('E-Mail-Adresse', { exact: false }).fill(email);
  await page.getByLabel('Passwort', { exact: false }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  const code = page.getByLabel('Code der Authenticator-App', { exact: false });
  await expect(code).toBeFocused();
  await expectAccessible(page);
  await code.fill(nextCode(secret));
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(heading(page)).toHaveText('Willkommen im Backoffice');
});

test('an account made with --password-stdin enrols its authenticator at the first login', async ({ page }) => {
  test.slow();
  const email = staffEmail('skript');
  const { execFileSync } = await import('node:child_process');
  execFileSync(
    'npm',
    ['run', '--silent', 'staff', '-w', 'api', '--', 'add', email, '--role', 'staff', '--password-stdin'],
    {
      cwd: root,
      env: { ...process.env, ...productionEnv },
      input: `${password}\n`,
      timeout: 60_000,
    },
  );
  await page.goto(`${backoffice}/login`);
  await page.getByLabel('E-Mail-Adresse', { exact: false }).fill(email);
  await page.getByLabel('Passwort', { exact: false }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  await expectAccessible(page);
  await page.getByLabel('Code der Authenticator-App', { exact: false }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(heading(page)).toHaveText('Willkommen im Backoffice');
  // Staff (not owner) see no staff list and no school identity.
  await expect(page.getByRole('menuitem', { name: 'Mitarbeitende' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Schule' })).toHaveCount(0);
});
