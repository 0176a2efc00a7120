import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FlexibleLearningCourse } from '@shop/shared';
import { courseFixture, productFixture, renderRoutes, startI18n } from '@shop/shared/testing';
import routes from '../../routes.tsx';

const level = (slug: string) => ({ categoryId: 3, slug });

/** A catalogue whose products and modules carry one or two levels; no group course matches. */
function catalogApi() {
  const modules: FlexibleLearningCourse[] = [
    {
      id: 4,
      moduleIdentifier: 'B1.4',
      titles: [{ language: 'de', description: 'Modul B1 und B2' }],
      descriptions: [],
      tags: [level('b1'), level('b2')],
      courses: [courseFixture({ id: 40, type: 2, registrationDeadline: '2999-01-01', tags: [level('b2')] })],
    },
  ];
  const answers: Record<string, unknown> = {
    '/api/course/tags': [
      {
        id: 3,
        slug: 'level',
        tags: ['a1', 'b1', 'b2'].map((slug, index) => ({ id: 31 + index, slug, selected: false })),
      },
    ],
    '/api/course/search': { items: [], total: 0, page: 1, limit: 100 },
    '/api/course/flexible-learning': modules,
    '/api/product/search': {
      items: [
        productFixture({
          id: 1,
          titles: [{ language: 'de', description: 'Prüfung B1 und B2' }],
          tags: [level('b1'), level('b2')],
        }),
        productFixture({ id: 2, titles: [{ language: 'de', description: 'Prüfung A1' }], tags: [level('a1')] }),
      ],
      total: 2,
      page: 1,
      limit: 100,
    },
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const body = answers[new URL(String(input), 'http://localhost').pathname];
    return body === undefined
      ? new Response('{}', { status: 404 })
      : new Response(JSON.stringify({ result: body }), { headers: { 'Content-Type': 'application/json' } });
  });
}

describe('/products-iframe: the level filter on products and flexible modules', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('keeps what carries any chosen level, also as its second level tag (levels of one category match any)', async () => {
    catalogApi();
    renderRoutes(routes, '/products-iframe?preSelectedTags=b2');
    expect(await screen.findByRole('heading', { name: 'Prüfung B1 und B2' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Modul B1 und B2' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Prüfung A1' })).toBeNull();
  });
});
