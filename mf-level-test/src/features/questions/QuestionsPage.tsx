import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  Banner,
  Button,
  focusDropped,
  parseExamLevel,
  submitExam,
  useLevelTestResultStore,
  type ExamLevel,
  type ExamQuestion,
} from '@shop/shared';
import { answer, back, startFlow, toSubmission, type QuestionFlow } from './questionFlow.ts';
import { QuestionSlide } from './QuestionSlide.tsx';
import { useExamQuestions } from './useExamQuestions.ts';

type Phase = 'answering' | 'submitting' | 'failed';

/**
 * The test itself: one question at a time, no swiping, a back link, and the submission after the last answer.
 * Plain React rather than a slider library: only the current question is in the page, so nothing hidden can
 * be reached by keyboard or screen reader, and focus moves to the new question's heading on every step.
 */
function ExamRun({ level, questions }: { level: ExamLevel; questions: ExamQuestion[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keepResult = useLevelTestResultStore((state) => state.keepResult);
  const [flow, setFlow] = useState<QuestionFlow>(startFlow);
  const [phase, setPhase] = useState<Phase>('answering');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepped = useRef(false);

  useLayoutEffect(() => {
    // Not on arrival (the page itself is announced), but after every step: read the new question next.
    if (stepped.current) headingRef.current?.focus();
  }, [flow.index]);

  // The answers are disabled while the server scores, which drops the focus to the page; a failure hands it to
  // the retry beside its alert, unless the visitor went on meanwhile (docs/decisions/0064-focus-moves-in-layout-effects.md).
  const retryId = useId();
  useLayoutEffect(() => {
    if (phase === 'failed' && focusDropped()) document.getElementById(retryId)?.focus();
  }, [phase, retryId]);

  const submit = async (final: QuestionFlow) => {
    setPhase('submitting');
    try {
      keepResult(await submitExam(toSubmission(level, questions, final)));
      navigate('/level-test/complete');
    } catch (error) {
      console.warn('Could not submit the level test', error);
      setPhase('failed');
    }
  };

  const onAnswer = (answerId: number) => {
    const step = answer(flow, questions, answerId);
    stepped.current = true;
    setFlow(step.flow);
    if (step.done) void submit(step.flow);
  };

  const question = questions[flow.index]!;
  return (
    <>
      <QuestionSlide
        key={question.id}
        question={question}
        position={flow.index + 1}
        total={questions.length}
        chosenAnswerId={flow.answers[question.id]}
        disabled={phase === 'submitting'}
        onAnswer={onAnswer}
        headingRef={headingRef}
      />
      {phase === 'submitting' ? <Banner>{t('levelTest.questions.submitting')}</Banner> : null}
      {phase === 'failed' ? (
        <Banner tone="alert">
          <p>{t('levelTest.questions.submitFailed')}</p>
          <Button id={retryId} onClick={() => void submit(flow)}>
            {t('levelTest.questions.retry')}
          </Button>
        </Banner>
      ) : null}
      {flow.index > 0 && phase !== 'submitting' ? (
        <button
          type="button"
          className="level-test__back"
          onClick={() => {
            stepped.current = true;
            setPhase('answering');
            setFlow(back(flow));
          }}
        >
          {t('levelTest.questions.back')}
        </button>
      ) : null}
    </>
  );
}

function LoadedExam({ level }: { level: ExamLevel }) {
  const { t } = useTranslation();
  const questions = useExamQuestions(level);
  return questions ? (
    <ExamRun level={level} questions={questions} />
  ) : (
    <p role="status">{t('levelTest.questions.loading')}</p>
  );
}

/** /level-test/{level}: an unknown or missing level goes back to the start (docs/product-rules.md#screens). */
export function QuestionsPage() {
  const { t } = useTranslation();
  const level = parseExamLevel(useParams().level);
  if (!level) return <Navigate to="/level-test" replace />;
  return (
    <>
      <h1>{t('levelTest.questions.title', { level })}</h1>
      <LoadedExam key={level} level={level} />
    </>
  );
}
