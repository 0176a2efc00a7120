import argon2, { type HashOptions } from 'argon2';

export interface PasswordHashingOptions {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Iterations. */
  timeCost: number;
  parallelism: number;
}

/**
 * OWASP Password Storage Cheat Sheet, argon2id: 19 MiB of memory, 2 iterations, 1 degree of parallelism.
 * Tests may pass cheaper settings; production always uses these.
 */
export const owaspArgon2id: PasswordHashingOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Stored in place of a hash when no password may log in until the owner sets a new one by a reset link (an undone
 * e-mail change: docs/decisions/0068-undo-an-email-change.md). No password matches it, and checking one costs as
 * long as for an unknown account.
 */
export const disabledPasswordHash = 'disabled:reset-required';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Checks a password; a missing hash (unknown account) costs the same as a wrong password. */
  verify(hash: string | null, password: string): Promise<boolean>;
  /** Whether a stored hash was made with other settings and should be replaced after a successful login. */
  needsRehash(hash: string): boolean;
}

export function createPasswordHasher(options: PasswordHashingOptions = owaspArgon2id): PasswordHasher {
  const settings: HashOptions = { ...options, type: argon2.argon2id };
  // Verified against when the account does not exist, so the answer takes as long as for a wrong password
  // and timing does not tell whether an address is registered.
  const dummy = argon2.hash('not-a-real-password-7!', settings);
  return {
    hash: (password) => argon2.hash(password, settings),
    async verify(hash, password) {
      const usable = hash !== null && hash !== disabledPasswordHash;
      const target = usable ? hash : await dummy;
      try {
        const matches = await argon2.verify(target, password);
        return usable && matches;
      } catch {
        return false;
      }
    },
    needsRehash: (hash) => argon2.needsRehash(hash, settings),
  };
}
