import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './client.ts';
import { fetchExam, fetchExamHistory, saveExamResult, sendExamResultEmail, submitExam } from './exam.ts';

function answer(status: number, body: unknown) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

afterEach(() => configureApi({ base: '/api', token: () => null }));

const score = { level: 'B1', reachedPoints: 10, maxPoints: 16, targetDetail: 'B1.1' } as const;
const entry = { ...score, id: 1, createdAt: '2026-01-15T09:00:00.000Z' };

describe('exam calls', () => {
  it('call the paths of docs/product-rules.md#api-calls, with the token where a customer is needed', async () => {
    configureApi({ token: () => 'tok' });
    const fetch = answer(200, { result: { level: 'B1', questions: [] } });
    await fetchExam('B 1');
    expect(fetch.mock.calls[0]![0]).toBe('/api/exam/level/B%201');
    expect(fetch.mock.calls[0]![1]!.headers).not.toHaveProperty('Authorization');

    const save = answer(200, { result: entry });
    await expect(saveExamResult({ resultToken: 'scored' })).resolves.toEqual(entry);
    expect(save.mock.calls.at(-1)![1]!.headers).toMatchObject({ Authorization: 'Bearer tok' });
    expect(JSON.parse(String(save.mock.calls.at(-1)![1]!.body))).toEqual({ resultToken: 'scored' });
    answer(200, { result: [entry] });
    await expect(fetchExamHistory()).resolves.toEqual([entry]);
    const mail = answer(200, { result: { sent: true } });
    await sendExamResultEmail({ ...score, email: 'a@b.de', locale: 'de' });
    expect(mail.mock.calls.at(-1)![0]).toBe('/api/exam/send-result-email');
    expect(JSON.parse(String(mail.mock.calls.at(-1)![1]!.body))).toEqual({ ...score, email: 'a@b.de', locale: 'de' });
  });

  it('throw the docs/product-rules.md#errors messages when the result is missing', async () => {
    const cases: [() => Promise<unknown>, string][] = [
      [() => fetchExam('B1'), 'Failed to fetch exam details'],
      [() => submitExam({ level: 'B1', answers: [{ questionId: 1, answerId: 2 }] }), 'Failed to submit exam'],
      [() => saveExamResult({ resultToken: 'scored' }), 'Failed to save exam result'],
      [() => fetchExamHistory(), 'Failed to fetch exam result history'],
      [() => sendExamResultEmail({ ...score, email: 'a@b.de', locale: 'de' }), 'Failed to send exam result email'],
    ];
    for (const [run, message] of cases) {
      answer(200, {});
      await expect(run()).rejects.toThrow(message);
      answer(500, { error: { code: 'INTERNAL_ERROR', message: 'x' } });
      await expect(run()).rejects.toThrow(message);
    }
  });
});
