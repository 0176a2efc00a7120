/**
 * Whether an error means the database could not be reached or is not taking work right now (stopped, restarting,
 * out of connections, locked for longer than the busy timeout), as opposed to a bug or a bad statement. Such a
 * request gets 503 SERVICE_UNAVAILABLE with Retry-After, never 500 (docs/decisions/0087-outages-and-stops.md).
 * The causes of an error are looked at too, since some callers wrap what the driver threw.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && unavailableCode(code)) return true;
    if (typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Node's socket errors, PostgreSQL's SQLSTATEs and SQLite's result codes that mean "not now" rather than "wrong". */
function unavailableCode(code: string): boolean {
  return (
    socketCodes.has(code) ||
    // PostgreSQL: connection exceptions (class 08), shutdown and start-up (57P01-57P05), too many connections.
    /^08[0-9A-Z]{3}$/.test(code) ||
    /^57P0[1-5]$/.test(code) ||
    code === '53300' ||
    // SQLite: locked beyond busy_timeout, or the file cannot be read or written.
    code === 'SQLITE_BUSY' ||
    code.startsWith('SQLITE_BUSY_') ||
    code.startsWith('SQLITE_IOERR') ||
    code === 'SQLITE_CANTOPEN' ||
    code === 'SQLITE_FULL'
  );
}

const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres throws without a code when a connection ends or cannot be had. */
const unavailableMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
  /^Client has encountered a connection error/,
];
