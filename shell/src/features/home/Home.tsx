import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import heroArt from '../../assets/hero.svg?no-inline';
import { offers } from '../navigation/offers.ts';
import { useSchool } from '../school/useSchool.ts';
import { homeCss } from './home.css.ts';
import { NextCourses, NextCoursesLink } from './NextCourses.tsx';
import { TrustBar } from './TrustBar.tsx';

/** The offers shown as cards: all but the placement test, which is the hero's own call to action. */
const offerCards = offers.filter((offer) => offer.key !== 'levelTest');

/**
 * A page opened at `/#packages` (older links) scrolls to that section once it is there. A navigation to it
 * is usePageHeading's, which also moves the focus there and no longer scrolls to the top after it.
 */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
}

/**
 * Home page `/`: the school's promise with the placement test as the first step, an entry to every offer,
 * the next courses to start, and what a learner can rely on. Also the target after logout.
 */
export function Home() {
  const { t } = useTranslation();
  const school = useSchool();
  useScrollToHash();
  return (
    <div className="shop-page shell-home">
      <style href="shell-home" precedence="default">
        {homeCss}
      </style>
      <section className="shell-home__hero">
        <div className="shell-home__hero-text">
          <p className="shell-home__eyebrow">{t('shell.home.eyebrow')}</p>
          <h1>{t('shell.home.title')}</h1>
          <p className="shell-home__lead">{t('shell.home.intro')}</p>
          <div className="shell-home__actions">
            <Link to="/level-test" className="shop-button shop-button--primary shell-home__cta">
              {t('shell.home.startTest')}
            </Link>
            <Link to="/courses" className="shop-button shop-button--secondary">
              {t('shell.home.browseCourses')}
            </Link>
          </div>
          <p className="shell-home__test-note">{t('shell.home.testNote')}</p>
        </div>
        <img className="shell-home__hero-art" src={heroArt} alt="" width="400" height="300" />
      </section>

      <TrustBar contactUrl={school?.contactUrl || null} />

      <section className="shell-home__section" aria-labelledby="home-offers">
        <h2 id="home-offers">{t('shell.home.offersTitle')}</h2>
        <ul className="shell-home__offers">
          {offerCards.map((offer) => (
            <li key={offer.key} id={offer.key === 'packages' ? 'packages' : undefined} className="shell-home__offer">
              <img src={offer.art} alt="" width="120" height="80" />
              <h3>
                <Link to={offer.to}>{t(`shell.offers.${offer.key}.title`)}</Link>
              </h3>
              <p>{t(`shell.offers.${offer.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="shell-home__section" aria-labelledby="home-next">
        <h2 id="home-next">{t('shell.home.next.title')}</h2>
        <div className="shell-home__next">
          <NextCourses />
        </div>
        <NextCoursesLink />
      </section>
    </div>
  );
}
