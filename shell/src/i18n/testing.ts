import { vi } from 'vitest';
import { registerTranslations } from '@shop/shared';
import { startI18n } from '@shop/shared/testing';
import { shellTranslations } from './index.ts';

/** For the shell's screen tests: German texts with the shell's own bundle, and no API (every fetch fails). */
export async function startShellI18n(): Promise<void> {
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('offline'));
  registerTranslations(shellTranslations);
  await startI18n();
}
