import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { parseOrigins } from '@shop/shared/server';

/**
 * `PARTNER_ORIGINS`: comma-separated origins of partner sites that embed the catalog with its script
 * (`https://partner.example,https://www.partner.example`), normalised to origins; a malformed entry stops
 * the start (see parseOrigins in @shop/shared/server, which the static servers use too).
 */
export function parsePartnerOrigins(value: string | undefined): string[] {
  return parseOrigins(value, 'PARTNER_ORIGINS');
}

/**
 * CORS for the shop's own origin (SHOP_URL: its pages normally reach the API through their server's `/api`
 * proxy, but a deployment may serve the API on another host) and the configured partner origins only. A
 * page on any other origin gets no CORS headers, and its browser refuses the answer.
 */
export function registerCors(
  app: FastifyInstance,
  origins: { shopOrigin: string; partnerOrigins: readonly string[] },
): void {
  const allowed = new Set([origins.shopOrigin, ...origins.partnerOrigins]);
  app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Accept', 'Authorization', 'Content-Type'],
    maxAge: 600,
  });
}
