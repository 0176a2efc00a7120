import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  Banner,
  examResultLifetimeMs,
  isExamResultExpired,
  selectIsLoggedIn,
  useAuthStore,
  useLevelTestResultStore,
  type StoredExamResult,
} from '@shop/shared';
import { offersOf } from './offers.ts';
import { RecommendedCourses } from './RecommendedCourses.tsx';
import { ResultEmailForm } from './ResultEmailForm.tsx';
import { useAutoSave, type SaveStatus } from './useAutoSave.ts';
import { useCustomerEmail } from './useCustomerEmail.ts';

/** Where a guest registers from here, and comes back to so the result gets saved (docs/product-rules.md#screens). */
export const registerPath = '/register?redirect=/level-test/complete';
/** The same way back for a learner who has an account: the result is saved once they are logged in. */
const loginPath = '/login?redirect=/level-test/complete';

const saveBanner: Record<SaveStatus, 'info' | 'success' | 'alert' | null> = {
  idle: null,
  saving: 'info',
  saved: 'success',
  alreadySaved: 'info',
  savedElsewhere: 'info',
  failed: 'alert',
};

function Offers({ result }: { result: StoredExamResult }) {
  const { t, i18n } = useTranslation();
  const offers = offersOf(result.recommendation, i18n.resolvedLanguage ?? 'de');
  return (
    <section className="level-test__section" aria-labelledby="level-test-offers">
      <h2 id="level-test-offers">{t('levelTest.complete.offers.title')}</h2>
      {offers.length === 0 ? (
        <p>{t('levelTest.complete.offers.none')}</p>
      ) : (
        <>
          {offers.map((offer) =>
            'tag' in offer ? (
              <RecommendedCourses key={offer.kind} offer={offer} tag={offer.tag} />
            ) : (
              <p key={offer.kind} className="level-test__offer-link">
                <Link to={offer.to}>{t(`levelTest.complete.offers.${offer.kind}`, { title: offer.title })}</Link>
              </p>
            ),
          )}
        </>
      )}
    </section>
  );
}

function Result({ result, loggedIn }: { result: StoredExamResult; loggedIn: boolean }) {
  const { t } = useTranslation();
  const saveStatus = useAutoSave(result, loggedIn);
  const customerEmail = useCustomerEmail(loggedIn);
  const tone = saveBanner[saveStatus];
  return (
    <>
      <p className="level-test__score">
        {t('levelTest.complete.points', { reached: result.reachedPoints, max: result.maxPoints })}
      </p>
      <p className="level-test__score">
        {t('levelTest.complete.level', { level: result.level, name: t(`levelTest.levels.${result.level}`) })}
      </p>
      <p>{t('levelTest.complete.targetDetail', { detail: result.targetDetail })}</p>
      {tone ? <Banner tone={tone}>{t(`levelTest.complete.save.${saveStatus}`)}</Banner> : null}
      <Offers result={result} />
      <section className="level-test__section">
        <ResultEmailForm initialEmail={customerEmail} />
      </section>
      {loggedIn ? null : (
        <section className="level-test__section" aria-labelledby="level-test-register">
          <h2 id="level-test-register">{t('levelTest.complete.register.title')}</h2>
          <p>{t('levelTest.complete.register.text')}</p>
          <Link className="shop-button shop-button--secondary" to={registerPath}>
            {t('levelTest.complete.register.link')}
          </Link>
          <p>
            {t('levelTest.complete.register.haveAccount')}{' '}
            <Link to={loginPath}>{t('levelTest.complete.register.login')}</Link>
          </p>
        </section>
      )}
      <p className="level-test__section">
        <Link to="/level-test">{t('levelTest.complete.again')}</Link>
      </p>
    </>
  );
}

/** /level-test/complete: the kept result, or why there is none (docs/product-rules.md#screens, #states, #errors). */
export function ResultPage() {
  const { t } = useTranslation();
  const result = useLevelTestResultStore((state) => state.result);
  const expired = useLevelTestResultStore((state) => state.expired);
  const dropIfExpired = useLevelTestResultStore((state) => state.dropIfExpired);
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const current = result && !isExamResultExpired(result) ? result : null;

  // A result that expired while the page was open is removed, like one found expired on load: at the moment it
  // expires, so a page left open does not go on showing (and offering) a result that is no longer valid.
  useEffect(() => {
    if (!result) return;
    if (!current) {
      dropIfExpired();
      return;
    }
    const timer = setTimeout(() => dropIfExpired(), result.completedAt + examResultLifetimeMs - Date.now() + 1);
    return () => clearTimeout(timer);
  }, [result, current, dropIfExpired]);

  return (
    <>
      <h1>{t('levelTest.complete.title')}</h1>
      {current ? (
        <Result result={current} loggedIn={loggedIn} />
      ) : (
        <>
          {expired || result ? (
            <Banner tone="warning">{t('levelTest.complete.expired')}</Banner>
          ) : (
            <Banner>{t('levelTest.complete.email.noResult')}</Banner>
          )}
          <p>
            <Link className="shop-button shop-button--primary" to="/level-test">
              {t('levelTest.complete.start')}
            </Link>
          </p>
        </>
      )}
    </>
  );
}
