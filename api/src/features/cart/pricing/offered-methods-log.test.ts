import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../app.ts';
import { createDatabase } from '../../../db/database.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import type { PaymentProvider } from '../../payment-provider/provider.ts';

/** A provider whose list of enabled methods cannot be fetched (Mollie unreachable, as on a machine without DNS). */
const unreachable: PaymentProvider = {
  name: 'mollie',
  createPayment: async () => Promise.reject(new Error('not used')),
  fetchPayment: async () => null,
  refund: async () => Promise.reject(new Error('not used')),
  enabledMethods: async () => Promise.reject(new Error('getaddrinfo ENOTFOUND api.mollie.com')),
};

const message = 'Payment methods could not be listed';

// docs/operations.md#logs: the API's log is JSON lines on stdout or in LOG_FILE. A provider that cannot list its methods at
// start (the app asks once it is ready) was reported with console.error: a multi-line stack on stderr, outside the
// log an operator reads and LOG_FILE.
describe("the provider's payment methods cannot be listed", () => {
  it("is one error line in the app's JSON log, not on the console", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const lines: Record<string, unknown>[] = [];
    const db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
    await migrateToLatest(db);
    const app = buildApp({
      db,
      paymentProvider: unreachable,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    try {
      await app.ready();
      // Only this report counts: another file's leftover work in the same worker may use the console meanwhile.
      const onConsole = () => consoleError.mock.calls.filter(([first]) => first === message);
      await vi.waitFor(() => expect(onConsole().length + lines.filter((line) => line.msg === message).length).toBe(1));
      expect(onConsole()).toEqual([]);
      const line = lines.find((entry) => entry.msg === message);
      expect(line?.level).toBe(50);
      expect(JSON.stringify(line?.err)).toContain('ENOTFOUND');
    } finally {
      consoleError.mockRestore();
      await app.close();
      await db.close();
    }
  });
});
