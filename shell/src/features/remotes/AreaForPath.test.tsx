import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { startShellI18n } from '../../i18n/testing.ts';
import { AreaForPath } from './AreaForPath.tsx';
import { ManifestUnreadable, type RemoteManifest } from './manifest.ts';

beforeAll(startShellI18n);
afterEach(cleanup);

const area = (paths: string[]) => ({ version: '1.0.0+test', shared: '^1.1.0', paths });
const manifest: RemoteManifest = {
  timeoutMs: 8000,
  remotes: {
    catalog: 'http://localhost:5174/remoteEntry.js',
    cartCheckout: 'http://localhost:5175/remoteEntry.js',
    account: 'http://localhost:5176/remoteEntry.js',
    levelTest: 'http://localhost:5177/remoteEntry.js',
  },
  areas: { catalog: area(['/courses']), cartCheckout: area([]), account: area(['/account-data']), levelTest: area([]) },
};

// Awaited: React resumes a component waiting in `use` only inside an awaited act.
const renderAt = (path: string, load: () => Promise<RemoteManifest>) =>
  act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={<AreaForPath manifest={load} load={async (name) => [{ path: '*', element: <h1>{name}</h1> }]} />}
          />
        </Routes>
      </MemoryRouter>,
    );
  });

describe('AreaForPath', () => {
  const loaded = Promise.resolve(manifest);

  it('mounts the area whose composed paths list the address', async () => {
    await renderAt('/courses', () => loaded);
    expect(await screen.findByRole('heading', { name: 'catalog' })).toBeTruthy();
  });

  it('sends a path no area lists to /account-data', async () => {
    await renderAt('/nope', () => loaded);
    expect(await screen.findByRole('heading', { name: 'account' })).toBeTruthy();
  });

  it('shows the area notice, not a redirect, while remotes.json cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failed = Promise.reject(new Error('down'));
    failed.catch(() => undefined);
    await renderAt('/nope', () => failed);
    expect(await screen.findByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });

  it('comes back with its heading when a retry cannot read remotes.json either (the read hangs)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failed = Promise.reject(new ManifestUnreadable('remotes.json answered 503'));
    failed.catch(() => undefined);
    let giveUp = () => {};
    const hanging = new Promise<RemoteManifest>((_resolve, reject) => {
      giveUp = () => reject(new ManifestUnreadable('remotes.json did not answer within 8000 ms'));
    });
    hanging.catch(() => undefined);
    const load = vi.fn<() => Promise<RemoteManifest>>().mockReturnValueOnce(failed).mockReturnValue(hanging);
    await renderAt('/courses', load);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bereich nicht erreichbar' })).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' })));
    expect(screen.getByRole('status').textContent).toContain('wird geladen');
    // loadManifest's timeout (manifest.test.ts) rejects the read that hangs.
    await act(async () => giveUp());
    expect(await screen.findByRole('heading', { level: 1, name: 'Bereich nicht erreichbar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('reads remotes.json again on the next page the visitor opens after it could not be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failed = Promise.reject(new Error('down'));
    failed.catch(() => undefined);
    const load = vi.fn<() => Promise<RemoteManifest>>().mockReturnValueOnce(failed).mockReturnValue(loaded);
    await act(async () => {
      render(
        <MemoryRouter initialEntries={['/courses']}>
          <Link to="/account-data">Konto</Link>
          <Routes>
            <Route
              path="*"
              element={<AreaForPath manifest={load} load={async (name) => [{ path: '*', element: <h1>{name}</h1> }]} />}
            />
          </Routes>
        </MemoryRouter>,
      );
    });
    await screen.findByRole('button', { name: 'Erneut versuchen' });

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Konto' })));
    expect(await screen.findByRole('heading', { name: 'account' })).toBeTruthy();
  });
});
