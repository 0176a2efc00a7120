import { CustomerErrorCode, type Language } from '@shop/shared/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { clientKey } from '../../rate-limit/client-key.ts';
import type { PricingFacts } from './pricing/index.ts';
import { tooManyUnknownCodesMessages } from './pricing/messages.ts';
import { unknownCodeRateLimit } from './rate-limits.ts';

/** The codes of a request the shop does not know, as the pricing found them (known ones are in its facts). */
export const unknownCodes = (requested: readonly string[], facts: Pick<PricingFacts, 'discountCodes'>): string[] =>
  requested.filter((code) => !facts.discountCodes.has(code));

/**
 * The price calculation tells whether a code exists (a known code gets its own reason: expired, used up, minimum…),
 * and nothing else limits it, so one client could try ten codes per request as fast as it liked and find the codes
 * meant for a closed group (docs/decisions/0072-discount-code-guessing.md). Each client may try so many different
 * codes the shop does not know per window; the same mistyped code sent again with every repricing of the cart
 * counts once. Beyond that, a request naming a code not counted yet is refused with 429, before its answer can tell
 * anything about that code; requests without unknown codes are never refused. The order submit, whose 409
 * PRICE_CHANGED names every code that does not apply and why, draws on the same allowance (order/routes.ts).
 */
export function unknownCodeGuard(app: FastifyInstance) {
  const budget = app.rateLimits.counter('discount-guess:client', unknownCodeRateLimit.perClient);
  // One marker per client and code: present while that code is counted in the client's window.
  const counted = app.rateLimits.counter('discount-guess:code', {
    max: 1,
    timeWindowMs: unknownCodeRateLimit.perClient.timeWindowMs,
  });
  return async (
    { ip, reply, language }: { ip: string; reply: FastifyReply; language: Language },
    unknownCodes: readonly string[],
  ): Promise<void> => {
    const client = clientKey(ip);
    for (const code of unknownCodes) {
      const marker = `${client}|${code}`;
      if (!(await counted.take(marker)).allowed) continue;
      const verdict = await budget.take(client);
      if (verdict.allowed) continue;
      // Not counted after all: the next request naming it is refused again rather than answered.
      await counted.reset(marker);
      reply.header('retry-after', verdict.retryAfterSeconds);
      throw new AppError(
        429,
        CustomerErrorCode.tooManyRequests,
        `Too many unknown discount codes; retry in ${verdict.retryAfterSeconds} seconds`,
        undefined,
        tooManyUnknownCodesMessages[language],
      );
    }
  };
}
