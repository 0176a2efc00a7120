import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLoad } from '@shop/shared';
import { courseFixture, fakeApi, pendingEarlyLoads } from '@shop/shared/testing';
import { startShellI18n } from '../../i18n/testing.ts';
import { NextCourses, nextCoursesLoad } from './NextCourses.tsx';

const searchUrl = 'GET /api/course/search?type=1&limit=4';

describe('NextCourses', () => {
  beforeAll(startShellI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const show = () =>
    render(
      <MemoryRouter>
        <NextCourses />
      </MemoryRouter>,
    );

  it('shows the next courses, taking the list the boot asked for early instead of asking again', async () => {
    const calls = fakeApi({
      [searchUrl]: { body: { result: { items: [courseFixture()], total: 1, page: 1, limit: 4 } } },
    });
    startLoad(nextCoursesLoad);
    expect(calls).toHaveLength(1);
    show();
    expect(await screen.findByRole('heading', { name: 'Spanisch A1 – Abendkurs' })).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(pendingEarlyLoads()).toEqual([]);
  });

  it('says there are none when the API fails', async () => {
    fakeApi({ [searchUrl]: { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'down' } } } });
    show();
    expect(await screen.findByText(/Zurzeit sind keine Kursstarts geplant/)).toBeTruthy();
  });
});
