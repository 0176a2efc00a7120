import { createHash, randomBytes } from 'node:crypto';

/**
 * Opaque tokens (sessions and mail links): 256 random bits, base64url. Only their SHA-256 hash is stored, so a
 * leaked database holds nothing that logs anybody in; a fast hash is enough for values this random.
 */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
