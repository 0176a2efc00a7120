import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { fetchExam, useLoad, type ExamLevel, type ExamQuestion } from '@shop/shared';
import { startNoticeState } from '../start/startNotice.ts';

/**
 * The questions of `level`, or null while they load. With none, or when loading fails, the visitor goes back
 * to the start (docs/product-rules.md#screens), which says why.
 */
export function useExamQuestions(level: ExamLevel): ExamQuestion[] | null {
  const navigate = useNavigate();
  const load = useLoad(level, (signal) => fetchExam(level, signal));
  useEffect(() => {
    if (load.status === 'error') {
      console.warn('Could not load the level test', load.error);
      navigate('/level-test', { replace: true, state: startNoticeState('loadFailed') });
    } else if (load.status === 'done' && load.data.questions.length === 0) {
      navigate('/level-test', { replace: true, state: startNoticeState('empty') });
    }
  }, [load, navigate]);
  return load.status === 'done' && load.data.questions.length > 0 ? load.data.questions : null;
}
