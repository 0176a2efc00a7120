import { parseArgs } from 'node:util';
import { emailSchema } from '@shop/shared/contract';
import { staffPasswordSchema, staffRoleSchema, type StaffRole } from '@shop/shared/contract/admin';
import { inTransaction, type Db } from '../../db/database.ts';
import { writeAudit } from './audit.ts';
import { createPasswordHasher, type PasswordHashingOptions } from '../customer/passwords.ts';
import { createSetupToken, findStaffByEmail, insertStaff, setupLink } from './accounts.ts';
import { revokeAllStaffSessions } from './sessions.ts';

export const staffCliUsage = [
  'Usage: npm run staff -w api -- add <email> --role owner|staff [--password-stdin]',
  '       npm run staff -w api -- reset <email>   (a new setup link; password and authenticator are set anew)',
  '       npm run staff -w api -- list',
].join('\n');

export interface StaffCliEnvironment {
  db: Db;
  now: () => Date;
  backofficeUrl: string;
  /** The password of `--password-stdin` (read only when asked for). */
  readStdin: () => Promise<string>;
  out: (line: string) => void;
  err: (line: string) => void;
  passwordHashing?: PasswordHashingOptions;
}

/** A refusal of the command line: one clear line, exit status 2 for a usage error, 1 otherwise. */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

function parseEmail(value: string | undefined): string {
  const parsed = emailSchema.safeParse(value ?? '');
  if (!parsed.success) throw new CliError(`Not a valid e-mail address: "${value ?? ''}"`, 2);
  return parsed.data;
}

function parseRole(value: string | undefined): StaffRole {
  const parsed = staffRoleSchema.safeParse(value);
  if (!parsed.success) throw new CliError(`--role must be owner or staff, got "${value ?? ''}"`, 2);
  return parsed.data;
}

const cliActor = { staffId: null, actor: 'cli' } as const;

async function add(
  env: StaffCliEnvironment,
  positionals: string[],
  values: { role?: string; 'password-stdin'?: boolean },
) {
  if (positionals.length !== 1) throw new CliError(`add takes one e-mail address\n${staffCliUsage}`, 2);
  const email = parseEmail(positionals[0]);
  const role = parseRole(values.role);
  let passwordHash: string | null = null;
  if (values['password-stdin']) {
    const password = (await env.readStdin()).replace(/\r?\n$/, '');
    const parsed = staffPasswordSchema.safeParse(password);
    if (!parsed.success) throw new CliError('The password from stdin must have 12 to 200 characters', 2);
    passwordHash = await createPasswordHasher(env.passwordHashing).hash(password);
  }
  const now = env.now();
  const token = await inTransaction(env.db, async (tx) => {
    if (await findStaffByEmail(tx.kysely, email)) throw new CliError(`A staff account for ${email} exists already`);
    const staff = await insertStaff(tx.kysely, { email, role, passwordHash }, now);
    await writeAudit(
      tx.kysely,
      cliActor,
      {
        action: 'cli:addStaff',
        entityType: 'staff',
        entityId: staff.id,
        after: { email, role, passwordSet: passwordHash !== null },
      },
      now,
    );
    return passwordHash ? null : createSetupToken(tx, staff.id, now);
  });
  env.out(
    token
      ? `Setup link for ${email} (${role}), valid 24 hours, once: ${setupLink(env.backofficeUrl, token)}`
      : `Created ${email} (${role}) with the password from stdin; in production the authenticator is enrolled at the first login`,
  );
}

async function reset(env: StaffCliEnvironment, positionals: string[]) {
  if (positionals.length !== 1) throw new CliError(`reset takes one e-mail address\n${staffCliUsage}`, 2);
  const email = parseEmail(positionals[0]);
  const now = env.now();
  const token = await inTransaction(env.db, async (tx) => {
    const staff = await findStaffByEmail(tx.kysely, email);
    if (!staff) throw new CliError(`No staff account for ${email}`);
    await tx.kysely
      .updateTable('staff')
      .set({
        password_hash: null,
        totp_secret: null,
        totp_enrolled_at: null,
        totp_last_step: null,
        updated_at: now.toISOString(),
      })
      .where('id', '=', staff.id)
      .execute();
    await revokeAllStaffSessions(tx, staff.id);
    await writeAudit(
      tx.kysely,
      cliActor,
      {
        action: 'cli:resetStaff',
        entityType: 'staff',
        entityId: staff.id,
        before: { passwordSet: staff.password_hash !== null, totpEnrolled: staff.totp_enrolled_at !== null },
        after: { passwordSet: false, totpEnrolled: false },
      },
      now,
    );
    return createSetupToken(tx, staff.id, now);
  });
  env.out(`Setup link for ${email}, valid 24 hours, once: ${setupLink(env.backofficeUrl, token)}`);
}

async function list(env: StaffCliEnvironment) {
  const rows = await env.db.kysely.selectFrom('staff').selectAll().orderBy('email').execute();
  if (rows.length === 0) env.out('No staff accounts yet: npm run staff -w api -- add <email> --role owner');
  for (const row of rows) {
    const state = row.password_hash
      ? row.totp_enrolled_at
        ? 'password + authenticator'
        : 'password'
      : 'setup pending';
    env.out(`${row.email}\t${row.role}\t${state}${row.disabled_at ? '\tdisabled' : ''}`);
  }
}

/** Runs one staff command; the exit status (0 done, 1 refused, 2 usage error). Every refusal is one line on err. */
export async function runStaffCli(argv: string[], env: StaffCliEnvironment): Promise<number> {
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args: argv,
        allowPositionals: true,
        options: { role: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
      });
    } catch (error) {
      throw new CliError(`${(error as Error).message.split('\n')[0]}\n${staffCliUsage}`, 2);
    }
    const [command, ...rest] = parsed.positionals;
    if (command === 'add') await add(env, rest, parsed.values);
    else if (command === 'reset') await reset(env, rest);
    else if (command === 'list') await list(env);
    else throw new CliError(staffCliUsage, 2);
    return 0;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    env.err(error.message);
    return error.exitCode;
  }
}
