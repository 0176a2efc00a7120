import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pageNoticeState } from '@shop/shared';
import { startI18n } from '@shop/shared/testing';
import { PageNoticeBanner } from './PageNoticeBanner.tsx';

const at = (state: unknown) =>
  render(
    <MemoryRouter initialEntries={[{ pathname: '/', state }]}>
      <PageNoticeBanner />
    </MemoryRouter>,
  );

describe('the notice a page carries to the next', () => {
  beforeAll(startI18n);
  afterEach(cleanup);

  it('says the logout worked on the page the logout went to', () => {
    at(pageNoticeState('loggedOut'));
    expect(screen.getByTestId('page-notice').textContent).toBe('Sie haben sich abgemeldet.');
  });

  it('shows nothing for a navigation without one', () => {
    at({ from: '/account-data' });
    expect(screen.queryByTestId('page-notice')).toBeNull();
  });
});
