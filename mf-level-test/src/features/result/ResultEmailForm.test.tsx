import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useLevelTestResultStore, type ExamResult } from '@shop/shared';
import { answerAfterFocusFixup, apiError, fakeApi, startI18n } from '../../test/harness.tsx';
import { ResultEmailForm } from './ResultEmailForm.tsx';

const result: ExamResult = {
  level: 'A2',
  reachedPoints: 9,
  maxPoints: 15,
  targetDetail: 'A2.1',
  recommendation: { courseTag: null, conversationTag: null, flexibleLearningCourse: null, product: null },
  resultToken: 'scored-by-the-server',
};

beforeAll(startI18n);
beforeEach(() => useLevelTestResultStore.getState().keepResult(result));
afterEach(cleanup);

const input = () => screen.getByLabelText('E-Mail-Adresse');
const send = () => screen.getByRole('button', { name: 'Ergebnis senden' });

describe('ResultEmailForm: a submit’s problem reaches screen-reader users (WCAG 3.3.1, 4.1.3)', () => {
  it('an empty or invalid address after "Ergebnis senden" takes focus to the field, which names the problem', () => {
    render(<ResultEmailForm />);
    send().focus();
    fireEvent.click(send());
    expect(document.activeElement).toBe(input());
    expect(document.getElementById(input().getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe(
      'Bitte geben Sie eine E-Mail-Adresse an.',
    );

    fireEvent.change(input(), { target: { value: 'ana@example' } });
    send().focus();
    fireEvent.click(send());
    expect(document.activeElement).toBe(input());
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });

  it('submitted with Enter from the field, the problem is spoken as an alert', () => {
    render(<ResultEmailForm />);
    input().focus();
    fireEvent.change(input(), { target: { value: 'ana@' } });
    fireEvent.submit(input().closest('form')!);
    expect(screen.getByRole('alert').textContent).toBe('Bitte geben Sie eine gültige E-Mail-Adresse an.');
  });
});

describe('ResultEmailForm: the answer to a send hands the focus on (WCAG 2.4.3)', () => {
  const sendTo = (address: string) => {
    fireEvent.change(input(), { target: { value: address } });
    send().focus();
    fireEvent.click(send());
  };

  it('sent: to the notice, which names the address', async () => {
    fakeApi({ 'POST /api/exam/send-result-email': answerAfterFocusFixup({ body: { result: { sent: true } } }) });
    render(<ResultEmailForm />);
    sendTo('ana@example.org');
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('ana@example.org');
    expect(document.activeElement).toBe(notice);
  });

  it('failed: back to the send button, beside the alert', async () => {
    fakeApi({ 'POST /api/exam/send-result-email': answerAfterFocusFixup(apiError(500, 'INTERNAL_ERROR')) });
    render(<ResultEmailForm />);
    sendTo('ana@example.org');
    await screen.findByRole('alert');
    expect(document.activeElement).toBe(send());
  });
});
