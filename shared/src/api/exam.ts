import {
  examResultEmailResponseSchema,
  examResultSchema,
  examSchema,
  levelHistoryEntrySchema,
  levelHistorySchema,
  type ExamResultEmailRequest,
  type ExamSaveRequest,
  type ExamSubmission,
} from '../contract/index.ts';
import { call } from './client.ts';

/** The placement test's calls (docs/product-rules.md#api-calls); failures throw the docs/product-rules.md#errors messages. */
export const fetchExam = (level: string, signal?: AbortSignal) =>
  call({
    path: `/exam/level/${encodeURIComponent(level)}`,
    result: examSchema,
    failure: 'Failed to fetch exam details',
    signal,
  });

export const submitExam = (submission: ExamSubmission) =>
  call({
    method: 'POST',
    path: '/exam/submit',
    body: submission,
    result: examResultSchema,
    failure: 'Failed to submit exam',
  });

export const saveExamResult = (score: ExamSaveRequest) =>
  call({
    method: 'POST',
    path: '/exam/save',
    body: score,
    auth: true,
    result: levelHistoryEntrySchema,
    failure: 'Failed to save exam result',
  });

export const fetchExamHistory = (signal?: AbortSignal) =>
  call({
    path: '/exam/history',
    auth: true,
    result: levelHistorySchema,
    failure: 'Failed to fetch exam result history',
    signal,
  });

export const sendExamResultEmail = (request: ExamResultEmailRequest) =>
  call({
    method: 'POST',
    path: '/exam/send-result-email',
    body: request,
    result: examResultEmailResponseSchema,
    failure: 'Failed to send exam result email',
  });
