import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerTranslations } from '@shop/shared';
import { answerAfterFocusFixup, fakeApi, renderRoutes, startI18n } from '@shop/shared/testing';
import { areaTranslations } from '../../i18n/index.ts';
import { LeavePage } from './LeavePage.tsx';

const routes = [{ path: '/waitlist/leave', element: <LeavePage /> }];
const leave = () => screen.getByRole('button', { name: 'Abmelden' });

/** Opens the page of a mail's link and presses "Abmelden" with the focus on it, as a visitor does. */
function pressLeave() {
  renderRoutes(routes, '/waitlist/leave?token=abc');
  leave().focus();
  fireEvent.click(leave());
}

describe('leaving the waitlist hands the focus on (WCAG 2.4.3)', () => {
  beforeAll(async () => {
    registerTranslations(areaTranslations);
    await startI18n();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('the notice that replaces the button takes the focus the disabled button dropped', async () => {
    fakeApi({
      'POST /api/waitlist/leave': answerAfterFocusFixup({
        body: { result: { left: true, courseTitle: 'Spanisch A1' } },
      }),
    });
    pressLeave();
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('Spanisch A1');
    expect(document.activeElement).toBe(notice);
  });

  it('a link the shop does not know: its alert takes the focus, as no button is left', async () => {
    fakeApi({
      'POST /api/waitlist/leave': answerAfterFocusFixup({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'unknown' } },
      }),
    });
    pressLeave();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Diesen Link kennen wir nicht');
    expect(screen.queryByRole('button', { name: 'Abmelden' })).toBeNull();
    expect(document.activeElement).toBe(alert);
  });

  it('a failure that may pass: the button stays beside its alert and gets the focus back, and a retry works', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = answerAfterFocusFixup({ status: 503, body: { error: { code: 'UNAVAILABLE', message: 'down' } } });
    const left = answerAfterFocusFixup({ body: { result: { left: true, courseTitle: 'Spanisch A1' } } });
    let sent = 0;
    fakeApi({
      'POST /api/waitlist/leave': () => (++sent === 1 ? down() : left()),
    });
    pressLeave();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Das hat nicht geklappt');
    expect(document.activeElement).toBe(leave());
    fireEvent.click(leave());
    expect((await screen.findByRole('status')).textContent).toContain('Spanisch A1');
  });
});
