import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerTranslations, useAuthStore, WaitlistErrorCode } from '@shop/shared';
import { answerAfterFocusFixup, apiError, courseFixture, fakeApi, startI18n } from '@shop/shared/testing';
import { areaTranslations } from '../../i18n/index.ts';
import { WaitlistJoin } from './WaitlistJoin.tsx';

const course = courseFixture({ freePlaces: 0 });

function renderJoin() {
  render(
    <>
      <h2 id="course-title">Spanisch A1</h2>
      <WaitlistJoin course={course} titleId="course-title" />
    </>,
  );
  const join = screen.getByRole('button', { name: 'Auf die Warteliste' });
  join.focus();
  fireEvent.click(join);
}

const address = () => screen.getByLabelText('E-Mail-Adresse');
const send = () => screen.getByRole('button', { name: 'Eintragen' });

describe('WaitlistJoin', () => {
  beforeAll(async () => {
    registerTranslations(areaTranslations);
    await startI18n();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    useAuthStore.setState({ token: null });
  });

  describe('focus follows the swap of button and form (WCAG 2.4.3)', () => {
    it('opening lands on the form’s first field; cancelling on the button again', () => {
      renderJoin();
      expect(document.activeElement).toBe(address());
      fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Auf die Warteliste' }));
    });

    it('a customer’s form has no field: opening lands on its first button', () => {
      useAuthStore.setState({ token: 'token' });
      renderJoin();
      expect(document.activeElement).toBe(send());
    });

    it('a guest’s join lands on the notice, which points to the mail and names no place', async () => {
      // The server answers a guest as for a first join, whether or not the address waits already, and mails the
      // address its real place (docs/product-rules.md#a-guests-join-tells-nothing): a number
      // here could be somebody else's.
      fakeApi({
        'POST /api/waitlist/join': answerAfterFocusFixup({ body: { result: { position: 3, alreadyOnList: false } } }),
      });
      renderJoin();
      fireEvent.change(address(), { target: { value: 'ana@example.com' } });
      send().focus();
      fireEvent.click(send());
      const notice = await screen.findByRole('status');
      expect(notice.textContent).toBe(
        'Danke! Wir schicken Ihnen eine E-Mail an ana@example.com, die Ihren Platz auf der Warteliste nennt.',
      );
      expect(document.activeElement).toBe(notice);
    });

    it('a customer’s join lands on the notice, which says the place on the list', async () => {
      useAuthStore.setState({ token: 'token' });
      fakeApi({
        'POST /api/waitlist/join': answerAfterFocusFixup({ body: { result: { position: 3, alreadyOnList: false } } }),
      });
      renderJoin();
      fireEvent.click(send());
      const notice = await screen.findByRole('status');
      expect(notice.textContent).toContain('Sie stehen auf Platz 3 der Warteliste.');
      expect(document.activeElement).toBe(notice);
    });

    it('an answer that comes after the visitor has moved on leaves the focus where they are', async () => {
      fakeApi({ 'POST /api/waitlist/join': { body: { result: { position: 3, alreadyOnList: false } } } });
      renderJoin();
      fireEvent.change(address(), { target: { value: 'ana@example.com' } });
      fireEvent.click(send());
      const title = screen.getByRole('heading', { name: 'Spanisch A1' });
      title.setAttribute('tabindex', '-1');
      title.focus();
      await screen.findByRole('status');
      expect(document.activeElement).toBe(title);
    });
  });

  describe('a submit’s error is announced (WCAG 3.3.1, 4.1.3)', () => {
    it('an invalid address takes focus to the field, which names the error', () => {
      renderJoin();
      fireEvent.change(address(), { target: { value: 'ana' } });
      send().focus();
      fireEvent.click(send());
      expect(document.activeElement).toBe(address());
      expect(address().getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(address().getAttribute('aria-describedby')!)?.textContent).toBe(
        'Bitte geben Sie eine gültige E-Mail-Adresse an.',
      );
    });

    it.each([
      [apiError(409, WaitlistErrorCode.limitReached), 'Mit dieser Adresse stehen Sie schon auf'],
      [apiError(409, WaitlistErrorCode.closed), 'Für diesen Kurs ist die Anmeldefrist abgelaufen.'],
      [apiError(429, 'TOO_MANY_REQUESTS'), 'Zu viele Versuche.'],
    ])('a guest’s refused request (%j) is an alert, not the address’s error', async (answer, text) => {
      fakeApi({ 'POST /api/waitlist/join': answerAfterFocusFixup(answer) });
      renderJoin();
      fireEvent.change(address(), { target: { value: 'ana@example.com' } });
      send().focus();
      fireEvent.click(send());
      expect((await screen.findByRole('alert')).textContent).toContain(text);
      expect(address().getAttribute('aria-invalid')).toBeNull();
      // The send button was disabled while sending and lost the focus; it gets it back.
      expect(document.activeElement).toBe(send());
    });

    it('an address the server refuses takes focus to the field', async () => {
      fakeApi({ 'POST /api/waitlist/join': apiError(400, 'VALIDATION_ERROR', { email: 'email' }) });
      renderJoin();
      fireEvent.change(address(), { target: { value: 'ana@example.com' } });
      send().focus();
      fireEvent.click(send());
      await vi.waitFor(() => expect(address().getAttribute('aria-invalid')).toBe('true'));
      expect(document.activeElement).toBe(address());
    });
  });
});
