import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fetchExam, type ExamLevel, type ExamQuestion } from '@shop/shared';
import { startNoticeState } from '../start/startNotice.ts';

/**
 * The questions of `level`, or null while they load. With none, or when loading fails, the visitor goes back
 * to the start (docs/product-rules.md#screens), which says why.
 */
export function useExamQuestions(level: ExamLevel): ExamQuestion[] | null {
  const navigate = useNavigate();
  const [questions, setQuestions] = useState<ExamQuestion[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchExam(level, controller.signal).then(
      (exam) => {
        if (exam.questions.length > 0) setQuestions(exam.questions);
        else navigate('/level-test', { replace: true, state: startNoticeState('empty') });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Could not load the level test', error);
        navigate('/level-test', { replace: true, state: startNoticeState('loadFailed') });
      },
    );
    return () => controller.abort();
  }, [level, navigate]);
  return questions;
}
