import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { startShellI18n } from '../../i18n/testing.ts';
import { RemoteArea, type LoadRoutes } from './RemoteArea.tsx';

beforeAll(startShellI18n);
afterEach(cleanup);

function Boom(): never {
  throw new Error('remote bug');
}

const renderArea = (load: LoadRoutes) =>
  render(
    <MemoryRouter initialEntries={['/courses']}>
      <header>Kopf</header>
      <RemoteArea area="catalog" load={load} />
    </MemoryRouter>,
  );

describe('RemoteArea', () => {
  it("mounts the remote's routes for the current path", async () => {
    renderArea(async () => [{ path: '/courses', element: <h1>Kurse</h1> }]);
    expect(await screen.findByRole('heading', { name: 'Kurse' })).toBeTruthy();
  });

  it('shows the translated notice when the remote throws while rendering, and retries with a fresh load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempt = 0;
    const load = vi.fn<LoadRoutes>(async () => {
      attempt += 1;
      return [{ path: '/courses', element: attempt === 1 ? <Boom /> : <h1>Kurse</h1> }];
    });
    renderArea(load);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('nicht erreichbar'));
    expect(screen.getByText('Kopf')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' })));
    expect(await screen.findByRole('heading', { name: 'Kurse' })).toBeTruthy();
    expect(load).toHaveBeenLastCalledWith('catalog', { retry: true });
  });

  it('shows the notice when the remote cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderArea(() => Promise.reject(new Error('down')));
    expect(await screen.findByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});
