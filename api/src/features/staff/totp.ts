import { generateSecret, generateURI, verifySync } from 'otplib';

/**
 * The second factor: TOTP (RFC 6238, 30-second steps, 6 digits, SHA-1: what every authenticator app reads from a
 * QR code), by otplib, on the app's clock. A code is accepted one step early or late (clock drift), and a step is
 * accepted at most once per account (`afterStep`), so an overheard code cannot be replayed.
 */
export const totpIssuer = 'Sprachschule Backoffice';

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (email: string, secret: string): string =>
  generateURI({ issuer: totpIssuer, label: email, secret });

/** The time step the code was valid in, or null when it is wrong, too old, or its step was already used. */
export function verifyTotp(secret: string, code: string, now: Date, afterStep: number | null): number | null {
  try {
    const result = verifySync({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: 30,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
