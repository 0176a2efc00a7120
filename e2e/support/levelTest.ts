import type { APIRequestContext, Page } from '@playwright/test';
import { examBank } from '../../api/src/db/seed/exam-bank/index.ts';
import { logInThroughApi, verifiedCustomer as verifiedAccount } from './account.ts';

/** The seeded correct answer of a question shown on screen (the API never tells; the seed is the key). */
export function correctAnswerOf(level: keyof typeof examBank, questionText: string): string {
  const question = examBank[level].find((q) => q.question === questionText);
  if (!question) throw new Error(`Question not in the ${level} bank: ${questionText}`);
  return question.answers[question.correct]!;
}

/** The legend of the question on screen, as the bank writes it (the gap is drawn, and named "Lücke"). */
export async function currentQuestion(page: Page): Promise<string> {
  return page.locator('.level-test__answers legend').evaluate((legend) => {
    const copy = legend.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.level-test__gap').forEach((gap) => gap.replaceWith('___'));
    return copy.textContent ?? '';
  });
}

/** Presses Tab until the focused element matches, like a keyboard user would; fails after `limit` presses. */
export async function tabTo(
  page: Page,
  matches: (element: { text: string; className: string }) => boolean,
  limit = 40,
) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({
      text: document.activeElement?.textContent ?? '',
      className: (document.activeElement as HTMLElement | null)?.className ?? '',
    }));
    if (matches(focused)) return;
  }
  throw new Error('Tab never reached the element');
}

/** Answers the question on screen by keyboard: Tab to the answer button, Enter. */
export async function answerByKeyboard(page: Page, answer: string) {
  await tabTo(page, ({ text, className }) => className.includes('level-test__answer') && text.slice(1) === answer);
  await page.keyboard.press('Enter');
}

/** A registered, verified customer logged in with remember-me, made through the API and the dev outbox. */
export async function verifiedCustomer(request: APIRequestContext) {
  const { email } = await verifiedAccount(request, 'kundin');
  return { email, token: await logInThroughApi(request, email, { remember: true }) };
}

/**
 * A level-test result kept in the browser as the test leaves it (B1, recommending B1 group courses), completed
 * `ageMs` before the page first opens by the browser's own clock, which is the one the page judges its age by.
 * Seeded once per tab, so the page may change or remove it afterwards.
 */
export async function seedLevelTestResult(
  page: Page,
  { resultToken, ageMs = 0 }: { resultToken: string; ageMs?: number },
) {
  await page.addInitScript(
    ({ resultToken, ageMs }) => {
      if (sessionStorage.getItem('e2e-result-seeded')) return;
      const result = {
        level: 'B1',
        reachedPoints: 10,
        maxPoints: 16,
        targetDetail: 'B1.1',
        completedAt: Date.now() - ageMs,
        saved: false,
        resultToken,
        recommendation: { courseTag: 'b1', conversationTag: null, flexibleLearningCourse: null, product: null },
      };
      localStorage.setItem('levelTestResult', JSON.stringify({ state: { result }, version: 1 }));
      sessionStorage.setItem('e2e-result-seeded', '1');
    },
    { resultToken, ageMs },
  );
}
