import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter } from 'react-router-dom';
import { startShellI18n } from '../../i18n/testing.ts';
import { ManifestUnreadable } from './manifest.ts';
import { RemoteArea, type LoadRoutes } from './RemoteArea.tsx';

beforeAll(startShellI18n);
afterEach(cleanup);

function Boom(): never {
  throw new Error('remote bug');
}

const renderArea = (load: LoadRoutes, reloadPage = vi.fn(), report = vi.fn()) =>
  render(
    <MemoryRouter initialEntries={['/courses']}>
      <header>Kopf</header>
      <RemoteArea area="catalog" load={load} reloadPage={reloadPage} report={report} />
    </MemoryRouter>,
  );

const retry = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' })));

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
    const reloadPage = vi.fn();
    const report = vi.fn();
    renderArea(load, reloadPage, report);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('nicht erreichbar'));
    expect(screen.getByText('Kopf')).toBeTruthy();
    // The API hears of it (reportFailure.ts), with the error that says why.
    expect(report).toHaveBeenCalledWith('catalog', expect.objectContaining({ message: 'remote bug' }));

    await retry();
    expect(await screen.findByRole('heading', { name: 'Kurse' })).toBeTruthy();
    expect(load).toHaveBeenLastCalledWith('catalog', { retry: true });
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('reloads the page when the retry cannot load the area either, and shows the loading notice meanwhile', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reloadPage = vi.fn();
    renderArea(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), reloadPage);
    await screen.findByRole('alert');
    expect(reloadPage).not.toHaveBeenCalled();

    await retry();
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveProperty('textContent', expect.stringContaining('wird geladen'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reloads the page when the retried area fails while rendering, as a page whose code failed to load does', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reloadPage = vi.fn();
    renderArea(async () => [{ path: '/courses', element: <Boom /> }], reloadPage);
    await screen.findByRole('alert');

    await retry();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("tries again on another page of the area: a page that throws leaves the area's other pages usable", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reloadPage = vi.fn();
    render(
      <MemoryRouter initialEntries={['/courses']}>
        <header>
          <Link to="/products">Produkte</Link>
        </header>
        <RemoteArea
          area="catalog"
          load={async () => [
            { path: '/courses', element: <Boom /> },
            { path: '/products', element: <h1>Einzelangebote</h1> },
          ]}
          reloadPage={reloadPage}
          report={vi.fn()}
        />
      </MemoryRouter>,
    );
    await screen.findByRole('alert');

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Produkte' })));
    expect(await screen.findByRole('heading', { name: 'Einzelangebote' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('keeps the focus in the page when "retry" goes away with it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempt = 0;
    render(
      <MemoryRouter initialEntries={['/courses']}>
        <main id="main" tabIndex={-1}>
          <RemoteArea
            area="catalog"
            load={async () => {
              attempt += 1;
              if (attempt === 1) throw new Error('down');
              return [{ path: '/courses', element: <h1>Kurse</h1> }];
            }}
            report={vi.fn()}
          />
        </main>
      </MemoryRouter>,
    );
    const button = await screen.findByRole('button', { name: 'Erneut versuchen' });
    button.focus();
    await retry();
    expect(await screen.findByRole('heading', { name: 'Kurse' })).toBeTruthy();
    // Not dropped to the page with the button: a keyboard user goes on from the area, not from the top.
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('shows the notice when the remote cannot be loaded, under a main heading like every page (WCAG 2.4.6, 1.3.1)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderArea(() => Promise.reject(new Error('down')));
    expect(await screen.findByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Bereich nicht erreichbar']);
    // Outside the alert, which says it in full without the heading.
    expect(screen.getByRole('alert').contains(headings[0]!)).toBe(false);
  });

  it('shows the notice again, without reloading, when the retry cannot read remotes.json (it hangs or fails)', async () => {
    // Nothing of the area was fetched: no module the browser may keep as failed, so the page need not be reloaded
    // (record 0059), and a page reloaded from a server that hangs would lose header, footer and cart too.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reloadPage = vi.fn();
    let attempt = 0;
    const load = vi.fn<LoadRoutes>(async () => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch dynamically imported module');
      if (attempt === 2) throw new ManifestUnreadable('remotes.json did not answer within 8000 ms');
      return [{ path: '/courses', element: <h1>Kurse</h1> }];
    });
    renderArea(load, reloadPage);
    await screen.findByRole('alert');

    await retry();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('nicht erreichbar'));
    expect(screen.getByRole('heading', { level: 1, name: 'Bereich nicht erreichbar' })).toBeTruthy();
    expect(reloadPage).not.toHaveBeenCalled();

    await retry();
    expect(await screen.findByRole('heading', { name: 'Kurse' })).toBeTruthy();
    expect(load).toHaveBeenLastCalledWith('catalog', { retry: true });
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('still reloads when a later retry fails to load the area itself', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reloadPage = vi.fn();
    let attempt = 0;
    renderArea(async () => {
      attempt += 1;
      if (attempt === 2) throw new ManifestUnreadable('remotes.json answered 503');
      throw new TypeError('Failed to fetch dynamically imported module');
    }, reloadPage);
    await screen.findByRole('alert');
    await retry();
    await screen.findByRole('alert');
    await retry();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
