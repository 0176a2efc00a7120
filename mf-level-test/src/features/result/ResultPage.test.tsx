import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  configureApi,
  useAuthStore,
  useCartStore,
  useCustomerStore,
  useLevelTestResultStore,
  type Course,
  type ExamResult,
} from '@shop/shared';
import { courseFixture } from '@shop/shared/testing';
import { fakeApi, renderArea, startI18n, type FakeCall } from '../../test/harness.tsx';

const result: ExamResult = {
  level: 'B1',
  reachedPoints: 11,
  maxPoints: 16,
  targetDetail: 'B1.1',
  recommendation: {
    courseTag: 'b1',
    conversationTag: 'b1',
    flexibleLearningCourse: { id: 5, titles: [{ language: 'de', description: 'Modul B1.1 – Meinungen äußern' }] },
    product: { id: 2, titles: [{ language: 'de', description: 'DELE B1 Prüfungsvorbereitung' }] },
  },
  resultToken: 'scored-by-the-server',
};
const hour = 60 * 60 * 1000;
// Bookable whenever the test runs: deadlines far ahead (the page compares with today).
const b1Course = courseFixture({
  id: 41,
  titles: [{ language: 'de', description: 'Spanisch B1 – Abendkurs' }],
  startDate: '2099-03-03',
  endDate: '2099-03-26',
  registrationDeadline: '2099-03-01',
  maxParticipants: 8,
  freePlaces: 3,
  tags: [
    { categoryId: 3, slug: 'b1' },
    { categoryId: 4, slug: 'tuesday' },
    { categoryId: 4, slug: 'thursday' },
  ],
});
const fullB1Course = courseFixture({ ...b1Course, id: 42, freePlaces: 0 });
/** The calls of the result page's own features, without the recommendations' catalogue searches. */
const ownCalls = (calls: FakeCall[]) => calls.filter((call) => !call.url.startsWith('/api/course/'));
const searchResult = (items: Course[]) => ({ items, total: items.length, page: 1, limit: 100 });
const customer = {
  email: 'kundin@example.org',
  firstname: 'Ana',
  lastname: 'García',
  displayName: null,
  phone: null,
  birthYear: null,
  languageNiveau: null,
  languageNiveauDetails: null,
  isSubscribedToNewsletter: 0,
  isEmailVerified: true,
};
const entry = {
  id: 1,
  createdAt: '2026-01-15T09:00:00.000Z',
  level: 'B1',
  reachedPoints: 11,
  maxPoints: 16,
  targetDetail: 'B1.1',
};

beforeAll(startI18n);
beforeEach(() => {
  useAuthStore.getState().logOut();
  useLevelTestResultStore.setState({ result: null, expired: false });
  useCartStore.getState().clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  configureApi({ token: () => null });
});

describe('/level-test/complete', () => {
  it('without a result says so and leads to the start', () => {
    renderArea('/level-test/complete');
    expect(screen.getByText('Es liegt kein Testergebnis vor.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zum Einstufungstest' }).getAttribute('href')).toBe('/level-test');
  });

  it('removes a result older than 24 hours with the expiry warning', async () => {
    useLevelTestResultStore.getState().keepResult(result, Date.now() - 25 * hour);
    renderArea('/level-test/complete');
    expect(screen.getByRole('alert').textContent).toBe(
      'Ihr Testergebnis ist abgelaufen. Bitte starten Sie den Einstufungstest erneut.',
    );
    expect(screen.queryByText(/Punkten erreicht/)).toBeNull();
    expect(useLevelTestResultStore.getState()).toMatchObject({ result: null, expired: true });
  });

  it('shows points, level and the recommended courses as cards with the way into the cart; a guest is asked to register', async () => {
    const calls = fakeApi({
      'GET /api/course/search?tags%5B%5D=b1&type=1&limit=100': {
        body: { result: searchResult([b1Course, fullB1Course]) },
      },
      'GET /api/course/search?tags%5B%5D=b1&type=3&limit=100': { body: { result: searchResult([]) } },
    });
    useLevelTestResultStore.getState().keepResult(result);
    renderArea('/level-test/complete');
    expect(screen.getByText('Sie haben 11 von 16 Punkten erreicht.')).toBeTruthy();
    expect(screen.getByText('Ihr Niveau: B1 – Fortgeschrittene Sprachverwendung')).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Empfohlene Kurse' });
    const group = await within(region).findByTestId('recommended-group');
    // The full course is left out: only what can be booked now is offered as a card.
    const cards = within(group).getAllByRole('article');
    expect(cards).toHaveLength(1);
    expect(within(cards[0]!).getByRole('heading', { level: 4 }).textContent).toBe('B1Spanisch B1 – Abendkurs');
    expect(cards[0]!.textContent).toContain('8 Termine, dienstags und donnerstags 18:30–20:00 Uhr');
    expect(cards[0]!.textContent).toContain('Freie Plätze3 von 8');
    expect(cards[0]!.textContent).toMatch(/Preis.*289\s€/);
    await waitFor(() => expect(within(region).getByText(/Gerade ist kein Termin buchbar/).textContent).toBeTruthy());
    const offers = within(region).getAllByRole('link');
    expect(offers.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Flexibles Lernen: Modul B1.1 – Meinungen äußern', '/modular-course?flexLearningId=5'],
      ['Alle Gruppenkurse auf Niveau B1 ansehen', '/courses?preSelectedTags=b1&courseType=1'],
      ['Alle Konversationsstunden auf Niveau B1 ansehen', '/courses?preSelectedTags=b1&courseType=3'],
      ['Einzelangebot: DELE B1 Prüfungsvorbereitung', '/products?productId=2'],
    ]);
    expect(screen.getByRole('link', { name: 'Jetzt registrieren' }).getAttribute('href')).toBe(
      '/register?redirect=/level-test/complete',
    );
    expect(screen.getByRole('link', { name: 'Anmelden und speichern' }).getAttribute('href')).toBe(
      '/login?redirect=/level-test/complete',
    );
    // A guest's result is not saved anywhere: only the catalogue was asked.
    expect(calls.every((call) => call.url.startsWith('/api/course/search?'))).toBe(true);

    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'In den Warenkorb' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/cart'));
    expect(useCartStore.getState().items).toMatchObject([{ itemType: 'course', courseId: 41, quantity: 1 }]);
  });

  it('leaves the link to the listing when the next dates cannot be loaded', async () => {
    fakeApi({});
    useLevelTestResultStore.getState().keepResult(result);
    renderArea('/level-test/complete');
    expect(await screen.findAllByText(/Die nächsten Termine konnten gerade nicht geladen werden/)).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Alle Gruppenkurse auf Niveau B1 ansehen' })).toBeTruthy();
  });

  it('says so when the catalogue has nothing for the level', () => {
    useLevelTestResultStore.getState().keepResult({
      ...result,
      recommendation: { courseTag: null, conversationTag: null, flexibleLearningCourse: null, product: null },
    });
    renderArea('/level-test/complete');
    const offers = screen.getByRole('region', { name: 'Empfohlene Kurse' });
    expect(within(offers).queryAllByRole('link')).toEqual([]);
    expect(offers.textContent).toContain('Für Ihr Niveau haben wir gerade keine passenden Kurse');
  });

  it('mails the result: required address with the not-stored hint, docs/product-rules.md#errors messages, request in the page language', async () => {
    useLevelTestResultStore.getState().keepResult(result);
    const calls = fakeApi({ 'POST /api/exam/send-result-email': { body: { result: { sent: true } } } });
    renderArea('/level-test/complete');
    const input = screen.getByLabelText('E-Mail-Adresse') as HTMLInputElement;
    expect(input.type).toBe('email');
    expect(input.required).toBe(true);
    expect(input.value).toBe('');
    const hint = 'Wir verwenden Ihre Adresse nur einmal für den Versand dieses Ergebnisses und speichern sie nicht.';
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe(hint);
    const send = screen.getByRole('button', { name: 'Ergebnis senden' });

    fireEvent.click(send);
    expect(await screen.findByText('Bitte geben Sie eine E-Mail-Adresse an.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: 'ana@example' } });
    fireEvent.click(send);
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse an.')).toBeTruthy();
    expect(ownCalls(calls)).toEqual([]);

    fireEvent.change(input, { target: { value: ' ana@example.com ' } });
    fireEvent.click(send);
    expect((await screen.findByText('Ihr Ergebnis wurde an ana@example.com gesendet.')).getAttribute('role')).toBe(
      'status',
    );
    expect(ownCalls(calls).map((c) => c.body)).toEqual([
      { email: 'ana@example.com', level: 'B1', reachedPoints: 11, maxPoints: 16, targetDetail: 'B1.1', locale: 'de' },
    ]);

    fakeApi({
      'POST /api/exam/send-result-email': { status: 429, body: { error: { code: 'TOO_MANY_REQUESTS', message: 'x' } } },
    });
    fireEvent.click(send);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'E-Mail konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
    );
  });

  it('takes away a result that expires while the page is open, with the expiry warning', async () => {
    // The page's clock is faked, so a slow render cannot let the 100 ms run out before the first look.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    useLevelTestResultStore.getState().keepResult(result, Date.now() - 24 * hour + 100);
    renderArea('/level-test/complete');
    expect(screen.getByText('Sie haben 11 von 16 Punkten erreicht.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(150));
    expect(
      screen.getByText('Ihr Testergebnis ist abgelaufen. Bitte starten Sie den Einstufungstest erneut.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Punkten erreicht/)).toBeNull();
    expect(screen.queryByRole('link', { name: /Gruppenkurse/ })).toBeNull();
    expect(useLevelTestResultStore.getState()).toMatchObject({ result: null, expired: true });
  });

  it('refuses to mail a result that expired while the page was open', async () => {
    // Before the page's own timer took it away: a device that slept runs late timers only after it wakes. The clock
    // is fake too: the result has 50 ms left when the page opens, however long a busy machine takes to render it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const opened = Date.now();
    useLevelTestResultStore.getState().keepResult(result, opened - 24 * hour + 50);
    const calls = fakeApi({});
    renderArea('/level-test/complete');
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'ana@example.com' } });
    // The device wakes 60 ms later: the clock moved on, the page's timer has not run yet.
    vi.setSystemTime(opened + 60);
    fireEvent.click(screen.getByRole('button', { name: 'Ergebnis senden' }));
    vi.useRealTimers();
    expect(
      await screen.findByText('Ihr Testergebnis ist abgelaufen. Bitte starten Sie den Einstufungstest erneut.'),
    ).toBeTruthy();
    expect(ownCalls(calls)).toEqual([]);
  });

  it("saves a logged-in customer's result once, flags it, and says 'already saved' on the next visit", async () => {
    configureApi({ token: () => useAuthStore.getState().token });
    useAuthStore.getState().logIn('tok', false);
    useLevelTestResultStore.getState().keepResult(result);
    const calls = fakeApi({
      'POST /api/exam/save': { body: { result: entry } },
      'GET /api/customer/me': { body: { result: customer } },
    });
    const first = renderArea('/level-test/complete');
    expect((await screen.findByText('Ihr Ergebnis wurde in Ihrem Konto gespeichert.')).getAttribute('role')).toBe(
      'status',
    );
    expect(screen.queryByRole('link', { name: 'Jetzt registrieren' })).toBeNull();
    const saves = calls.filter((c) => c.url === '/api/exam/save');
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({
      method: 'POST',
      body: { resultToken: 'scored-by-the-server' },
      headers: { Authorization: 'Bearer tok' },
    });
    expect(useLevelTestResultStore.getState().result?.saved).toBe(true);
    // The e-mail field is prefilled with the customer's address.
    await waitFor(() =>
      expect((screen.getByLabelText('E-Mail-Adresse') as HTMLInputElement).value).toBe('kundin@example.org'),
    );

    first.unmount();
    renderArea('/level-test/complete');
    expect(screen.getByText('Dieses Ergebnis ist bereits in Ihrem Konto gespeichert.')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/exam/save')).toHaveLength(1);
  });

  it('reloads the customer after the save, so the account shows the level the save gave it', async () => {
    configureApi({ token: () => useAuthStore.getState().token });
    useAuthStore.getState().logIn('tok', false);
    fakeApi({
      'POST /api/exam/save': { body: { result: entry } },
      'GET /api/customer/me': [
        { body: { result: customer } },
        { body: { result: { ...customer, languageNiveau: 'b1', languageNiveauDetails: 'b1.1' } } },
      ],
    });
    await useCustomerStore.getState().load();
    expect(useCustomerStore.getState().customer?.languageNiveau).toBeNull();
    useLevelTestResultStore.getState().keepResult(result);
    renderArea('/level-test/complete');
    expect(await screen.findByText('Ihr Ergebnis wurde in Ihrem Konto gespeichert.')).toBeTruthy();
    await waitFor(() => expect(useCustomerStore.getState().customer?.languageNiveau).toBe('b1'));
  });

  describe('the saved flag follows the account (several customers in one browser)', () => {
    const ben = { ...customer, email: 'ben@example.org', firstname: 'Ben', lastname: 'Braun' };
    const json = (status: number, body: unknown) =>
      Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
    const alreadySaved = 'Dieses Ergebnis ist bereits in Ihrem Konto gespeichert.';
    const savedNow = 'Ihr Ergebnis wurde in Ihrem Konto gespeichert.';
    const elsewhere = 'Dieses Ergebnis ist bereits in einem anderen Kundenkonto gespeichert.';

    /** The API as the server behaves: a result belongs to the first account that saves it (routes.ts /exam/save). */
    function server(saveAnswer: () => Promise<void> = () => Promise.resolve()) {
      let owner: string | null = null;
      return fakeApi({
        'GET /api/customer/me': () =>
          json(200, { result: useAuthStore.getState().token === 'tok-ben' ? ben : customer }),
        'POST /api/exam/save': async () => {
          // Decided when the request arrives; the answer may take its time.
          const token = useAuthStore.getState().token!;
          const refused = owner !== null && owner !== token;
          if (!refused) owner = token;
          await saveAnswer();
          return refused
            ? json(400, {
                error: { code: 'UNKNOWN_EXAM_RESULT', message: 'x', fields: { resultToken: 'unknown_result' } },
              })
            : json(200, { result: entry });
        },
      });
    }
    const logInAs = (token: string) => {
      useAuthStore.getState().logOut();
      useAuthStore.getState().logIn(token, false);
    };
    beforeEach(() => configureApi({ token: () => useAuthStore.getState().token }));

    it('another customer is never told it is saved in their account, and its owner is told so again', async () => {
      const calls = server();
      logInAs('tok-ana');
      useLevelTestResultStore.getState().keepResult(result);
      const ana = renderArea('/level-test/complete');
      expect(await screen.findByText(savedNow)).toBeTruthy();
      ana.unmount();

      // Ben logs in in the same browser: the result is Ana's, in her account, not in his.
      logInAs('tok-ben');
      const benView = renderArea('/level-test/complete');
      expect(await screen.findByText(elsewhere)).toBeTruthy();
      expect(screen.queryByText(alreadySaved)).toBeNull();
      expect(screen.queryByText(savedNow)).toBeNull();
      benView.unmount();

      // A guest is told nothing about accounts.
      useAuthStore.getState().logOut();
      const guest = renderArea('/level-test/complete');
      expect(screen.queryByText(alreadySaved)).toBeNull();
      expect(screen.getByRole('link', { name: 'Jetzt registrieren' })).toBeTruthy();
      guest.unmount();

      // Ana again: already saved, known without asking the server again.
      logInAs('tok-ana');
      renderArea('/level-test/complete');
      expect(await screen.findByText(alreadySaved)).toBeTruthy();
      expect(calls.filter((c) => c.url === '/api/exam/save')).toHaveLength(2);
    });

    it('a save answered after another customer logged in is not shown as theirs', async () => {
      let answerAnasSave = () => {};
      const anasSave = new Promise<void>((resolve) => (answerAnasSave = resolve));
      const calls = server(() => (useAuthStore.getState().token === 'tok-ana' ? anasSave : Promise.resolve()));
      logInAs('tok-ana');
      useLevelTestResultStore.getState().keepResult(result);
      renderArea('/level-test/complete');
      await waitFor(() => expect(calls.filter((c) => c.url === '/api/exam/save')).toHaveLength(1));

      // Ana logs out and Ben logs in while her save is on its way; then it goes through, into her account.
      act(() => logInAs('tok-ben'));
      await act(async () => answerAnasSave());
      expect(await screen.findByText(elsewhere)).toBeTruthy();
      expect(screen.queryByText(savedNow)).toBeNull();
      expect(screen.queryByText(alreadySaved)).toBeNull();
    });
  });

  it('tells the customer when saving fails and keeps the result unsaved', async () => {
    useAuthStore.getState().logIn('tok', false);
    useLevelTestResultStore.getState().keepResult(result);
    fakeApi({ 'POST /api/exam/save': { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'x' } } } });
    renderArea('/level-test/complete');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Ihr Ergebnis konnte nicht in Ihrem Konto gespeichert werden.',
    );
    expect(useLevelTestResultStore.getState().result?.saved).toBe(false);
  });
});
