import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderRoutes, startI18n } from '@shop/shared/testing';
import routes from '../../routes.tsx';

describe('/courses: the heading names what courseType lists', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it.each([
    ['', 'Gruppenkurse'],
    ['?courseType=1', 'Gruppenkurse'],
    ['?courseType=2', 'Flexibles Lernen'],
    ['?courseType=3', 'Konversationsstunden'],
    ['?courseType=9', 'Gruppenkurse'],
  ])('%s → %s', async (search, heading) => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 404 }));
    renderRoutes(routes, `/courses${search}`);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(heading);
  });
});
