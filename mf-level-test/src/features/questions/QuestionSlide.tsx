import { type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExamQuestion } from '@shop/shared';
import { answerLetter, splitAtGaps } from './questionFlow.ts';

/** The Spanish question with its gaps drawn as blanks and named in the page's language for screen readers. */
function QuestionText({ text }: { text: string }) {
  const { t, i18n } = useTranslation();
  return splitAtGaps(text).map((part, i) => (
    <span key={i}>
      {i > 0 ? (
        <span className="level-test__gap">
          <span className="shop-visually-hidden" lang={i18n.resolvedLanguage}>
            {t('levelTest.questions.gap')}
          </span>
        </span>
      ) : null}
      {part}
    </span>
  ));
}

export interface QuestionSlideProps {
  question: ExamQuestion;
  position: number;
  total: number;
  chosenAnswerId: number | undefined;
  disabled: boolean;
  onAnswer: (answerId: number) => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * One question (docs/product-rules.md#screens: one per slide, lettered answers). Plain buttons in a fieldset whose legend is the
 * question, so Tab/Enter/Space answer it and a screen reader announces the question with each answer.
 */
export function QuestionSlide({
  question,
  position,
  total,
  chosenAnswerId,
  disabled,
  onAnswer,
  headingRef,
}: QuestionSlideProps) {
  const { t } = useTranslation();
  const progress = t('levelTest.questions.progress', { current: position, total });
  return (
    <section className="level-test__slide" aria-labelledby={`level-test-question-${question.id}`}>
      <h2 id={`level-test-question-${question.id}`} ref={headingRef} tabIndex={-1}>
        {progress}
      </h2>
      <progress className="level-test__progress" max={total} value={position} aria-label={progress} />
      <p className="level-test__instruction">{t(`levelTest.questions.instruction.${question.skill}`)}</p>
      {question.passage ? (
        <blockquote className="level-test__passage" lang="es">
          {question.passage}
        </blockquote>
      ) : null}
      <fieldset className="level-test__answers" disabled={disabled}>
        <legend lang="es">
          <QuestionText text={question.question} />
        </legend>
        <ol>
          {question.answers.map((option, i) => (
            <li key={option.id}>
              <button
                type="button"
                className="level-test__answer"
                aria-pressed={option.id === chosenAnswerId}
                onClick={() => onAnswer(option.id)}
              >
                <span className="level-test__letter">{answerLetter(i)}</span>
                <span lang="es">{option.answer}</span>
              </button>
            </li>
          ))}
        </ol>
      </fieldset>
    </section>
  );
}
