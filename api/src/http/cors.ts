import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * `PARTNER_ORIGINS`: comma-separated origins of partner sites that embed the catalog with its script
 * (`https://partner.example,https://www.partner.example`). Each entry is normalised to its origin; anything
 * that is not an http(s) URL is a configuration error, reported at start rather than silently ignored.
 */
export function parsePartnerOrigins(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  return entries.map((entry) => {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`PARTNER_ORIGINS: "${entry}" is not a URL (expected e.g. https://partner.example)`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`PARTNER_ORIGINS: "${entry}" must be http(s)`);
    return url.origin;
  });
}

/**
 * CORS for the configured partner origins only. The shop's own pages reach the API through their server's
 * `/api` proxy (same origin), so they need no CORS; a page on any other origin gets no CORS headers and its
 * browser refuses the answer.
 */
export function registerPartnerCors(app: FastifyInstance, partnerOrigins: readonly string[]): void {
  const allowed = new Set(partnerOrigins);
  app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Accept', 'Authorization', 'Content-Type'],
    maxAge: 600,
  });
}
