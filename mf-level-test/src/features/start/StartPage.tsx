import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Banner, Card } from '@shop/shared';
import { levelFor, questionsPath, startCards, type StartCard } from './startCards.ts';
import { readStartNotice } from './startNotice.ts';

function StartCardView({ card }: { card: StartCard }) {
  const { t } = useTranslation();
  const questionId = useId();
  const text = (key: string) => t(`levelTest.start.cards.${card.id}.${key}`);
  return (
    <Card>
      <h2>{text('title')}</h2>
      <p>{text('description')}</p>
      {'direct' in card ? (
        <div className="level-test__choices">
          <Link className="shop-button shop-button--primary" to={questionsPath(levelFor(card))}>
            {t('levelTest.start.begin')}
          </Link>
        </div>
      ) : (
        <>
          <p className="level-test__question-text" id={questionId}>
            {text('question')}
          </p>
          {/* The group carries the question, so "Ja"/"Nein" are announced with what they answer. */}
          <div className="level-test__choices" role="group" aria-labelledby={questionId}>
            <Link className="shop-button shop-button--primary" to={questionsPath(levelFor(card, 'yes'))}>
              {t('levelTest.start.yes')}
            </Link>
            <Link className="shop-button shop-button--secondary" to={questionsPath(levelFor(card, 'no'))}>
              {t('levelTest.start.no')}
            </Link>
          </div>
        </>
      )}
    </Card>
  );
}

/** /level-test: the self-assessment that picks which test to take (docs/product-rules.md#screens). */
export function StartPage() {
  const { t } = useTranslation();
  const notice = readStartNotice(useLocation().state);
  return (
    <>
      <h1>{t('levelTest.start.title')}</h1>
      <p>{t('levelTest.start.intro')}</p>
      {/* How long it takes, said before it starts (docs/decisions/0126-from-the-level-test-to-a-booking.md). */}
      <p className="level-test__duration" data-testid="level-test-duration">
        {t('levelTest.start.duration')}
      </p>
      {notice ? (
        <Banner tone={notice === 'empty' ? 'info' : 'alert'}>{t(`levelTest.start.notice.${notice}`)}</Banner>
      ) : null}
      <ul className="level-test__cards">
        {startCards.map((card) => (
          <li key={card.id}>
            <StartCardView card={card} />
          </li>
        ))}
      </ul>
    </>
  );
}
