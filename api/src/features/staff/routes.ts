import { successEnvelope } from '@shop/shared/contract';
import {
  AdminErrorCode,
  completeSetupRequestSchema,
  pageOf,
  listStaffQuerySchema,
  setupInfoRequestSchema,
  setupInfoSchema,
  staffLoginRequestSchema,
  staffSchema,
  staffSessionSchema,
  startTotpEnrolmentRequestSchema,
  totpEnrolmentSchema,
  type StaffSession,
} from '@shop/shared/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { currentStaff } from './access.ts';
import { writeAudit } from './audit.ts';
import { createPasswordHasher, type PasswordHashingOptions } from '../customer/passwords.ts';
import {
  ensureTotpSecret,
  findSetupToken,
  findStaffByEmail,
  findStaffById,
  listStaffPage,
  staffView,
  updateStaff,
  consumeSetupToken,
  type StaffRow,
} from './accounts.ts';
import { staffLoginThrottle } from './login-throttle.ts';
import { openStaffSession, revokeAllStaffSessions, revokeStaffSession, staffSessionLimits } from './sessions.ts';
import { newTotpSecret, totpUri, verifyTotp } from './totp.ts';

export interface StaffRouteOptions {
  passwordHashing?: PasswordHashingOptions;
}

const invalidCredentials = () => new AppError(401, AdminErrorCode.invalidCredentials, 'Invalid email or password');
const invalidSetupToken = () =>
  new AppError(400, AdminErrorCode.invalidToken, 'The setup link is unknown, used or expired', {
    token: 'invalid_token',
  });
const tags = ['staff'];

/**
 * Staff accounts: login (password, and a TOTP code once enrolled; always one in production), logout, the setup
 * link's two calls, the own account, and the owner's list of accounts (docs/backoffice.md).
 */
export const staffRoutes =
  (ctx: AppContext, { passwordHashing }: StaffRouteOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const passwords = createPasswordHasher(passwordHashing);
    const throttle = staffLoginThrottle(app);
    const production = ctx.mode === 'production';

    async function sessionFor(db: Db, staff: StaffRow): Promise<StaffSession> {
      const now = ctx.now();
      await updateStaff(db.kysely, staff.id, { last_login_at: now.toISOString() });
      const { token, expiresAt } = await openStaffSession(db, staff.id, now);
      return {
        token,
        expiresAt,
        idleMinutes: staffSessionLimits.idleMs / 60_000,
        staff: staffView({ ...staff, last_login_at: now.toISOString() }),
      };
    }

    /** The account of an address and password, after the same hashing work whether the account exists or not. */
    async function checkPassword(email: string, password: string): Promise<StaffRow> {
      const staff = await findStaffByEmail(ctx.db.kysely, email);
      const usable = staff && !staff.disabled_at ? staff.password_hash : null;
      if (!(await passwords.verify(usable, password)) || !staff) throw invalidCredentials();
      return staff;
    }

    /** Accepts a code of `secret` once (its time step is remembered), or throws INVALID_TOTP. */
    async function acceptCode(db: Db, staff: StaffRow, secret: string, code: string, status = 401): Promise<void> {
      const last = staff.totp_last_step === null ? null : Number(staff.totp_last_step);
      const step = verifyTotp(secret, code, ctx.now(), last);
      if (step === null) {
        throw new AppError(status, AdminErrorCode.invalidTotp, 'The code is wrong or was used already', {
          totp: 'invalid_totp',
        });
      }
      await updateStaff(db.kysely, staff.id, { totp_last_step: step });
    }

    app.post(
      '/staff/login',
      {
        config: { access: 'public' },
        schema: {
          operationId: 'staffLogin',
          summary: 'Log in with e-mail, password and (once enrolled, always in production) a TOTP code',
          tags,
          body: staffLoginRequestSchema,
          response: { 200: successEnvelope(staffSessionSchema) },
        },
        preHandler: (request, reply) => throttle.admit(reply, request.body.email, request.ip),
      },
      async (request) => {
        const { email, password, totp } = request.body;
        const staff = await checkPassword(email, password);
        const enrolled = staff.totp_enrolled_at !== null && staff.totp_secret !== null;
        const result = await inTransaction(ctx.db, async (tx) => {
          if (enrolled) {
            if (!totp) throw new AppError(401, AdminErrorCode.totpRequired, 'A code of the authenticator is needed');
            await acceptCode(tx, staff, staff.totp_secret!, totp);
          } else if (staff.totp_secret && totp) {
            // An enrolment started by startTotpEnrolment completes with a code of its secret.
            await acceptCode(tx, staff, staff.totp_secret, totp);
            await updateStaff(tx.kysely, staff.id, {
              totp_enrolled_at: ctx.now().toISOString(),
              updated_at: ctx.now().toISOString(),
            });
            await writeAudit(
              tx.kysely,
              { staffId: staff.id, actor: staff.email },
              { action: 'enrolTotp', entityType: 'staff', entityId: staff.id, after: { totpEnrolled: true } },
              ctx.now(),
            );
          } else if (production) {
            // Production refuses a login without a second factor; an account set up with --password-stdin enrols
            // first (startTotpEnrolment), then logs in with a code of the new secret.
            throw new AppError(
              403,
              AdminErrorCode.totpEnrolmentRequired,
              'Production needs a second factor: enrol an authenticator first (startTotpEnrolment)',
            );
          }
          const current = (await findStaffById(tx.kysely, staff.id))!;
          return sessionFor(tx, current);
        });
        await throttle.succeeded(email, request.ip);
        if (passwords.needsRehash(staff.password_hash!)) {
          const password_hash = await passwords.hash(password);
          await updateStaff(ctx.db.kysely, staff.id, { password_hash });
        }
        return { result };
      },
    );

    app.post(
      '/staff/totp/enrolment',
      {
        config: { access: 'public' },
        schema: {
          operationId: 'startTotpEnrolment',
          summary: 'Start enrolling an authenticator (an account without one): the otpauth URI for its QR code',
          tags,
          body: startTotpEnrolmentRequestSchema,
          response: { 200: successEnvelope(totpEnrolmentSchema) },
        },
        preHandler: (request, reply) => throttle.admit(reply, request.body.email, request.ip),
      },
      async (request) => {
        const staff = await checkPassword(request.body.email, request.body.password);
        if (staff.totp_enrolled_at) {
          throw new AppError(409, AdminErrorCode.conflict, 'This account has an authenticator already');
        }
        const secret = await ensureTotpSecret(ctx.db.kysely, staff, newTotpSecret);
        return { result: { otpauthUri: totpUri(staff.email, secret) } };
      },
    );

    app.post(
      '/staff/setup/info',
      {
        config: { access: 'public' },
        schema: {
          operationId: 'getStaffSetup',
          summary: "What a setup link is for: the account, and in production the authenticator's otpauth URI",
          tags,
          body: setupInfoRequestSchema,
          response: { 200: successEnvelope(setupInfoSchema) },
        },
      },
      async (request) => {
        const found = await findSetupToken(ctx.db.kysely, request.body.token, ctx.now());
        if (!found) throw invalidSetupToken();
        const { staff } = found;
        let otpauthUri: string | null = null;
        if (production && !staff.totp_enrolled_at) {
          const secret = await ensureTotpSecret(ctx.db.kysely, staff, newTotpSecret);
          otpauthUri = totpUri(staff.email, secret);
        }
        return { result: { email: staff.email, role: staff.role, totpRequired: otpauthUri !== null, otpauthUri } };
      },
    );

    app.post(
      '/staff/setup',
      {
        config: { access: 'public' },
        schema: {
          operationId: 'completeStaffSetup',
          summary: 'Use a setup link: set the password (and in production enrol the authenticator), then log in',
          tags,
          body: completeSetupRequestSchema,
          response: { 200: successEnvelope(staffSessionSchema) },
        },
      },
      async (request) => {
        const { token, password, totp } = request.body;
        const passwordHash = await passwords.hash(password);
        const result = await inTransaction(ctx.db, async (tx) => {
          const found = await findSetupToken(tx.kysely, token, ctx.now());
          if (!found) throw invalidSetupToken();
          const { staff, tokenId } = found;
          const now = ctx.now().toISOString();
          const enrolTotp = production && !staff.totp_enrolled_at;
          if (enrolTotp) {
            if (!staff.totp_secret) throw invalidSetupToken();
            if (!totp) {
              throw new AppError(400, AdminErrorCode.totpRequired, 'A code of the authenticator is needed', {
                totp: 'required',
              });
            }
            await acceptCode(tx, staff, staff.totp_secret, totp, 400);
          }
          if (!(await consumeSetupToken(tx.kysely, tokenId, ctx.now()))) throw invalidSetupToken();
          await updateStaff(tx.kysely, staff.id, {
            password_hash: passwordHash,
            updated_at: now,
            ...(enrolTotp ? { totp_enrolled_at: now } : {}),
          });
          await revokeAllStaffSessions(tx, staff.id);
          await writeAudit(
            tx.kysely,
            { staffId: staff.id, actor: staff.email },
            {
              action: 'completeStaffSetup',
              entityType: 'staff',
              entityId: staff.id,
              before: { passwordSet: staff.password_hash !== null, totpEnrolled: staff.totp_enrolled_at !== null },
              after: { passwordSet: true, totpEnrolled: enrolTotp || staff.totp_enrolled_at !== null },
            },
            ctx.now(),
          );
          return sessionFor(tx, (await findStaffById(tx.kysely, staff.id))!);
        });
        return { result };
      },
    );

    app.post(
      '/staff/logout',
      {
        config: { access: 'staff' },
        schema: {
          operationId: 'staffLogout',
          summary: 'End this staff session',
          tags,
          response: { 200: successEnvelope(z.object({})) },
        },
      },
      async (request) => {
        await revokeStaffSession(ctx.db, currentStaff(request).sessionId);
        return { result: {} };
      },
    );

    app.get(
      '/staff/me',
      {
        config: { access: 'staff' },
        schema: {
          operationId: 'getStaffMe',
          summary: 'The account of this session',
          tags,
          response: { 200: successEnvelope(staffSchema) },
        },
      },
      async (request) => {
        const staff = await findStaffById(ctx.db.kysely, currentStaff(request).id);
        if (!staff) throw new AppError(401, 'UNAUTHORIZED', 'The account no longer exists');
        return { result: staffView(staff) };
      },
    );

    app.get(
      '/staff',
      {
        config: { access: 'owner' },
        schema: {
          operationId: 'listStaff',
          summary: 'Staff accounts (owner)',
          tags,
          querystring: listStaffQuerySchema,
          response: { 200: successEnvelope(pageOf(staffSchema)) },
        },
      },
      async (request) => {
        const { page, perPage, sort = 'email', order } = request.query;
        const column = (
          { email: 'email', role: 'role', createdAt: 'created_at', lastLoginAt: 'last_login_at' } as const
        )[sort];
        const { rows, total } = await listStaffPage(ctx.db.kysely, { column, order, page, perPage });
        return { result: { items: rows.map(staffView), total, page, perPage } };
      },
    );
  };
