import { countries } from '@shop/shared/contract';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { client, customerTestOptions, goodPassword, newEmail, verifiedCustomer } from './test-support.ts';

/**
 * Every validation rule of docs/product-rules.md#validation that concerns the account, enforced by the server with the contract's
 * schemas: each case names the field and the message code the forms translate.
 */
describeEachDatabase(
  'docs/product-rules.md#validation validation on the server',
  (ctx) => {
    const registration = () => ({
      firstname: 'Anna',
      lastname: 'Muster',
      email: newEmail(),
      password: goodPassword,
      locale: 'de',
    });

    describe('registration', () => {
      const cases: [string, Record<string, unknown>, Record<string, string>][] = [
        ['e-mail required', { email: '' }, { email: 'required' }],
        ['e-mail type', { email: 'anna@' }, { email: 'email' }],
        ['e-mail too long', { email: `${'a'.repeat(250)}@example.org` }, { email: 'too_long' }],
        ['first name required', { firstname: '   ' }, { firstname: 'required' }],
        ['last name required', { lastname: '' }, { lastname: 'required' }],
        ['first name of zero-width characters', { firstname: '\u200b\u200c\u200d' }, { firstname: 'required' }],
        ['last name of invisible characters', { lastname: '\u2060\ufeff\u00a0\u3000' }, { lastname: 'required' }],
        ['password required', { password: '' }, { password: 'required' }],
        ['password minimum 8', { password: 'Ab1!' }, { password: 'password_too_short' }],
        ['password needs a digit', { password: 'Abcdefg!' }, { password: 'password_weak' }],
        ['password needs a letter', { password: '1234567!' }, { password: 'password_weak' }],
        ['password needs a special', { password: 'Abcdefg1' }, { password: 'password_weak' }],
        ['password allowed characters only', { password: 'Abcdef1!ü' }, { password: 'password_characters' }],
        ['password with a space', { password: 'Abc def1!' }, { password: 'password_characters' }],
        ['unknown locale', { locale: 'fr' }, { locale: 'Invalid option: expected one of "de"|"en"|"es"' }],
      ];
      it.each(cases)('%s', async (_, change, fields) => {
        const reply = await client(ctx).post('/api/customer/register', { ...registration(), ...change });
        expect(reply.status).toBe(400);
        expect(reply.body.error.code).toBe('VALIDATION_ERROR');
        expect(reply.body.error.fields).toEqual(fields);
      });

      it('accepts every special character of the rule', async () => {
        for (const special of '@$!%*?&#') {
          const reply = await client(ctx).post('/api/customer/register', {
            ...registration(),
            password: `Passwort1${special}`,
          });
          expect(reply.status, special).toBe(200);
        }
      });
    });

    describe('profile', () => {
      const cases: [string, Record<string, unknown>, Record<string, string>][] = [
        ['first name required', { firstname: '' }, { firstname: 'required' }],
        ['last name required', { lastname: ' ' }, { lastname: 'required' }],
        ['first name of a zero-width space', { firstname: '\u200b' }, { firstname: 'required' }],
        ['e-mail type', { email: 'kein-at.example.org' }, { email: 'email' }],
        ['phone at least 4 characters', { phone: '+49' }, { phone: 'phone_too_short' }],
        ['phone pattern: letters', { phone: '0170 abc 123' }, { phone: 'phone' }],
        ['phone pattern: fewer than 7 digits', { phone: '12345' }, { phone: 'phone' }],
        ['phone pattern: more than 20', { phone: '1'.repeat(21) }, { phone: 'phone' }],
        ['phone pattern: plus only at the start', { phone: '0170+1234567' }, { phone: 'phone' }],
        ['birth year 4 digits', { birthYear: '90' }, { birthYear: 'birth_year' }],
        ['birth year digits only', { birthYear: '19x0' }, { birthYear: 'birth_year' }],
        ['newsletter 1 or 0', { isSubscribedToNewsletter: 2 }, { isSubscribedToNewsletter: 'Invalid input' }],
        ['display name length', { displayName: 'x'.repeat(101) }, { displayName: 'too_long' }],
      ];
      it.each(cases)('%s', async (_, change, fields) => {
        const c = client(ctx);
        const { token } = await verifiedCustomer(ctx, c);
        const reply = await c.put('/api/customer/me/update', change, token);
        expect(reply.status).toBe(400);
        expect(reply.body.error.fields).toEqual(fields);
      });

      it('accepts the valid forms: optional plus, spaces, 7 to 20 characters, empty optional fields', async () => {
        const c = client(ctx);
        const { token } = await verifiedCustomer(ctx, c);
        for (const phone of ['+49 170 1234567', '0301234', '1'.repeat(20), '']) {
          expect((await c.put('/api/customer/me/update', { phone }, token)).status, phone).toBe(200);
        }
        for (const birthYear of ['1987', ''])
          expect((await c.put('/api/customer/me/update', { birthYear }, token)).status).toBe(200);
      });
    });

    describe('billing address (account)', () => {
      const valid = {
        firstname: 'Anna',
        lastname: 'Muster',
        addressLine1: '',
        addressLine2: '',
        city: '',
        zip: '',
        country: 'DE',
      };
      const cases: [string, Record<string, unknown>, Record<string, string>][] = [
        ['first name required', { firstname: '' }, { firstname: 'required' }],
        ['last name required', { lastname: '' }, { lastname: 'required' }],
        ['last name of format characters', { lastname: '\u200e\u2060 \u200b' }, { lastname: 'required' }],
        ['country required', { country: '' }, { country: 'country' }],
        ['country from the list', { country: 'US' }, { country: 'country' }],
        ['zip at most 5', { zip: '123456' }, { zip: 'zip' }],
        ['zip numeric', { zip: '12a45' }, { zip: 'zip' }],
      ];
      it.each(cases)('%s', async (_, change, fields) => {
        const c = client(ctx);
        const { token } = await verifiedCustomer(ctx, c);
        const reply = await c.post('/api/customer/me/billing-address', { ...valid, ...change }, token);
        expect(reply.status).toBe(400);
        expect(reply.body.error.fields).toEqual(fields);
      });

      it('accepts every country of the list and a 4-digit zip', async () => {
        const c = client(ctx);
        const { token } = await verifiedCustomer(ctx, c);
        for (const country of countries) {
          expect(
            (await c.post('/api/customer/me/billing-address', { ...valid, country, zip: '1010' }, token)).status,
            country,
          ).toBe(200);
        }
      });
    });

    describe('links and addresses', () => {
      it('a reset needs token and e-mail', async () => {
        const reply = await client(ctx).post('/api/customer/reset-password', { newPassword: goodPassword });
        expect(reply.status).toBe(400);
        expect(Object.keys(reply.body.error.fields).sort()).toEqual(['email', 'token']);
      });

      it('reset and resend requests need a valid e-mail', async () => {
        for (const url of ['/api/customer/request-password-reset', '/api/customer/resend-verification']) {
          const reply = await client(ctx).post(url, { email: 'nope', locale: 'de' });
          expect(reply.status).toBe(400);
          expect(reply.body.error.fields).toEqual({ email: 'email' });
        }
      });

      it('login needs e-mail and password', async () => {
        const reply = await client(ctx).post('/api/customer/login', { email: '', password: '' });
        expect(reply.body.error.fields).toEqual({ email: 'required', password: 'required' });
      });
    });
  },
  customerTestOptions(),
);
