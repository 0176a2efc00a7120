import type { ErrorBody } from '../contract/index.ts';

/**
 * A call that failed. `message` is the docs/product-rules.md#errors text for the call (e.g. "Failed to search courses");
 * the server's error, field errors and translated meta message travel along for the screens that show them,
 * and the whole answer (`payload`) for calls whose failures carry more (e.g. the submit's fresh price).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: ErrorBody,
    readonly payload?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get code(): string | undefined {
    return this.body?.error.code;
  }

  get fields(): Record<string, string> | undefined {
    return this.body?.error.fields;
  }

  /** The text to show a user: the server's translated meta message, else its error message, else ours. */
  get userMessage(): string {
    return this.body?.meta?.message ?? this.body?.error.message ?? this.message;
  }
}
