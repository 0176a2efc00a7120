import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useLevelTestResultStore, type ExamQuestion, type ExamResult } from '@shop/shared';
import { answerAfterFocusFixup, fakeApi, renderArea, startI18n } from '../../test/harness.tsx';

beforeAll(startI18n);
beforeEach(() => useLevelTestResultStore.setState({ result: null, expired: false }));
afterEach(cleanup);

const questions: ExamQuestion[] = [
  {
    id: 1,
    skill: 'grammar',
    passage: null,
    question: 'Yo ___ de Alemania.',
    answers: [
      { id: 11, answer: 'soy' },
      { id: 12, answer: 'estoy' },
      { id: 13, answer: 'es' },
    ],
  },
  {
    id: 2,
    skill: 'reading',
    passage: 'Me llamo Lucía y vivo en Madrid.',
    question: '¿Dónde vive Lucía?',
    answers: ['En Sevilla', 'En Madrid', 'En Lima', 'En Bogotá', 'En Quito', 'En Cuzco'].map((answer, i) => ({
      id: 21 + i,
      answer,
    })),
  },
];
const result: ExamResult = {
  level: 'A1',
  reachedPoints: 2,
  maxPoints: 2,
  targetDetail: 'A1.2',
  recommendation: { courseTag: 'a1', conversationTag: null, flexibleLearningCourse: null, product: null },
  resultToken: 'scored-by-the-server',
};
const examAnswer = { 'GET /api/exam/level/A1': { body: { result: { level: 'A1', questions } } } };
const location = () => screen.getByTestId('location').textContent;

describe('/level-test/{level}', () => {
  it('asks one question at a time with lettered answers and progress, goes back, and submits after the last', async () => {
    const calls = fakeApi({ ...examAnswer, 'POST /api/exam/submit': { body: { result } } });
    renderArea('/level-test/A1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Frage 1 von 2' })).toBeTruthy();
    expect(screen.getByText('Wählen Sie die richtige Form für die Lücke.')).toBeTruthy();
    const first = screen.getByRole('group');
    expect(within(first).getByText('Lücke')).toBeTruthy();
    expect(
      within(first)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['asoy', 'bestoy', 'ces']);
    expect(screen.queryByRole('button', { name: 'Zurück zur vorherigen Frage' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'b estoy' }));
    const second = await screen.findByRole('heading', { level: 2, name: 'Frage 2 von 2' });
    expect(document.activeElement).toBe(second);
    expect(screen.getByText('Me llamo Lucía y vivo en Madrid.').getAttribute('lang')).toBe('es');
    expect(
      within(screen.getByRole('group'))
        .getAllByRole('button')
        .map((b) => b.textContent?.[0]),
    ).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);

    fireEvent.click(screen.getByRole('button', { name: 'Zurück zur vorherigen Frage' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Frage 1 von 2' })).toBe(document.activeElement);
    expect(screen.getByRole('button', { name: 'b estoy' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'a soy' }));
    fireEvent.click(await screen.findByRole('button', { name: 'b En Madrid' }));

    await screen.findByText('/level-test/complete');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({
        url: '/api/exam/submit',
        body: {
          level: 'A1',
          answers: [
            { questionId: 1, answerId: 11 },
            { questionId: 2, answerId: 22 },
          ],
        },
      }),
    ]);
    expect(useLevelTestResultStore.getState().result).toMatchObject({ ...result, saved: false });
  });

  it('offers a retry when scoring fails', async () => {
    fakeApi({
      ...examAnswer,
      'POST /api/exam/submit': { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'x' } } },
    });
    renderArea('/level-test/A1');
    fireEvent.click(await screen.findByRole('button', { name: 'a soy' }));
    fireEvent.click(await screen.findByRole('button', { name: 'b En Madrid' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Ihre Antworten konnten nicht ausgewertet werden.',
    );
    fakeApi({ 'POST /api/exam/submit': { body: { result } } });
    fireEvent.click(screen.getByRole('button', { name: 'Erneut auswerten' }));
    await screen.findByText('/level-test/complete');
  });

  it('hands the focus to the retry button when scoring fails, as the disabled answers dropped it (WCAG 2.4.3)', async () => {
    fakeApi({
      ...examAnswer,
      'POST /api/exam/submit': answerAfterFocusFixup({
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'x' } },
      }),
    });
    renderArea('/level-test/A1');
    fireEvent.click(await screen.findByRole('button', { name: 'a soy' }));
    const last = await screen.findByRole('button', { name: 'b En Madrid' });
    last.focus();
    fireEvent.click(last);
    await screen.findByRole('alert');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Erneut auswerten' }));
    // A retry that fails again hands it back again.
    screen.getByRole('button', { name: 'Erneut auswerten' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Erneut auswerten' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Erneut auswerten' })));
  });

  it('goes back to the start for an unknown level', async () => {
    const calls = fakeApi({});
    renderArea('/level-test/Z9');
    expect(location()).toBe('/level-test');
    expect(calls).toEqual([]);
  });

  it('goes back to the start and says "Keine Fragen vorhanden." when there are none', async () => {
    fakeApi({ 'GET /api/exam/level/B2': { body: { result: { level: 'B2', questions: [] } } } });
    renderArea('/level-test/B2');
    expect((await screen.findByText('Keine Fragen vorhanden.')).getAttribute('role')).toBe('status');
    expect(location()).toBe('/level-test');
  });

  it('goes back to the start when the questions cannot be loaded', async () => {
    fakeApi({ 'GET /api/exam/level/C1': { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'x' } } } });
    renderArea('/level-test/c1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Die Fragen konnten nicht geladen werden. Bitte versuchen Sie es erneut.',
    );
    expect(location()).toBe('/level-test');
  });

  it('is operable by keyboard alone: answers are buttons in tab order', async () => {
    fakeApi(examAnswer);
    renderArea('/level-test/A1');
    await screen.findByRole('heading', { level: 2, name: 'Frage 1 von 2' });
    for (const button of within(screen.getByRole('group')).getAllByRole('button')) {
      expect(button.tagName).toBe('BUTTON');
      expect(button.getAttribute('tabindex')).toBeNull();
    }
    // Enter on a native button is a click; no pointer or swipe gesture is needed anywhere.
    await act(async () => {
      screen.getByRole('button', { name: 'c es' }).focus();
      fireEvent.click(document.activeElement!);
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Frage 2 von 2' })).toBe(document.activeElement);
  });
});
