import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FlexibleLearningCourse } from '@shop/shared';
import { courseFixture, renderRoutes, startI18n } from '@shop/shared/testing';
import routes from '../../routes.tsx';

const flexibleModule = (
  id: number,
  title: string,
  courses: FlexibleLearningCourse['courses'],
): FlexibleLearningCourse => ({
  id,
  moduleIdentifier: `A1.${id}`,
  titles: [{ language: 'de', description: title }],
  descriptions: [],
  tags: [{ categoryId: 3, slug: 'a1' }],
  courses,
});

/** GET /course/flexible-learning: a module with an appointment and one whose appointments are all past. */
function flexibleApi() {
  const modules = [
    flexibleModule(4, 'Modul mit Termin', [courseFixture({ id: 40, type: 2, flexibleLearningCourseId: 4 })]),
    flexibleModule(5, 'Modul ohne Termin', []),
  ];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    return pathname === '/api/course/flexible-learning'
      ? new Response(JSON.stringify({ result: modules }), { headers: { 'Content-Type': 'application/json' } })
      : new Response('{}', { status: 404 });
  });
}

describe('/modular-course', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists the modules that can be booked', async () => {
    flexibleApi();
    renderRoutes(routes, '/modular-course');
    expect(await screen.findByRole('heading', { name: 'Modul mit Termin' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Modul ohne Termin' })).toBeNull();
  });

  it('shows a linked module (flexLearningId, e.g. a level-test recommendation) also without appointments, saying so', async () => {
    flexibleApi();
    renderRoutes(routes, '/modular-course?flexLearningId=5');
    expect(await screen.findByRole('heading', { name: 'Modul ohne Termin' })).toBeTruthy();
    expect(screen.getByText('Zurzeit sind keine Termine buchbar.')).toBeTruthy();
    expect(screen.queryByText('Zurzeit gibt es keine passenden Kurse.', { exact: false })).toBeNull();
  });
});
