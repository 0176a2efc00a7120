import type { ExamLevel } from '@shop/shared/contract';
import { a1 } from './a1.ts';
import { a2 } from './a2.ts';
import { b1 } from './b1.ts';
import { b2 } from './b2.ts';
import { c1 } from './c1.ts';
import type { SeedQuestion } from './types.ts';

export type { SeedQuestion } from './types.ts';

/** The seeded placement questions of every testable level, in the order they are asked. */
export const examBank: Record<ExamLevel, SeedQuestion[]> = { A1: a1, A2: a2, B1: b1, B2: b2, C1: c1 };
