import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * One mechanism for every route of every area (WCAG 2.4.2 page titled, 2.4.3 focus order), mounted once by
 * the shell and by a standalone remote: the page's main heading — the `<h1>` inside `<main>` that each
 * screen renders anyway — is the source of both
 * - the document title, `<h1> – <site name>`, kept in step while the heading changes (language switch,
 *   a screen that renders its heading after loading); and
 * - where focus goes after a client-side navigation to another path or query, so keyboard and screen-reader users
 *   start at the new content instead of wherever the old page left them. Not on the first page load: there
 *   the browser starts at the top, where the skip link is. A redirect before the visitor has done anything (an
 *   unknown path, an account page that asks for the login) is still the first page load, so it moves no focus
 *   either: a heading focused without a visitor's act would show the focus ring on arrival. A remote that loads lazily renders its heading
 *   later, so the heading is awaited (up to `waitMs`) rather than looked for once — unless the visitor acts
 *   (a key or pointer press) before it arrives: focus is never pulled away from where they are working. A navigation
 *   to a hash goes to the section it names instead (scrolled to and focused), as a browser does with a fragment.
 * Areas therefore neither set titles nor move focus on arrival themselves.
 */
export function usePageHeading({
  mainId = 'main',
  siteName,
  waitMs = 10_000,
}: {
  mainId?: string;
  siteName: string;
  waitMs?: number;
}): void {
  const { pathname, search, hash } = useLocation();
  // A page is its path and query: /courses?courseType=3 (the header's "Konversation") is another page than /courses,
  // with its own heading. A hash names a section of the page (the header's "Pakete", /#packages): a navigation to it
  // goes to that section, as a browser does with a fragment, instead of the page's top and heading.
  const page = `${pathname}${search}`;
  const section = hash.length > 1 ? safeDecode(hash.slice(1)) : null;
  const firstPath = useRef<string | null>(null);
  /** What the navigation just made asks to be focused once it is there: the page's heading, or a section. */
  const focusPending = useRef<{ section: string | null } | null>(null);
  const visitorActed = useRef(false);

  useEffect(() => {
    const acted = () => (visitorActed.current = true);
    const events = ['keydown', 'pointerdown', 'click'] as const;
    for (const event of events) document.addEventListener(event, acted, true);
    return () => {
      for (const event of events) document.removeEventListener(event, acted, true);
    };
  }, []);

  useEffect(() => {
    if (firstPath.current === null) firstPath.current = page;
    else if (visitorActed.current) {
      focusPending.current = { section };
      // The page's top only for a page: the section is scrolled to once it is there (update below).
      if (!section) window.scrollTo?.(0, 0);
    }
  }, [page, section]);

  useEffect(() => {
    const main = document.getElementById(mainId);
    if (!main) return;
    let giveUp: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      const heading = main.querySelector('h1');
      const text = heading?.textContent?.replace(/\s+/g, ' ').trim();
      const title = text ? `${text} – ${siteName}` : siteName;
      if (document.title !== title) document.title = title;
      const pending = focusPending.current;
      if (!pending) return;
      const target = pending.section ? document.getElementById(pending.section) : heading;
      if (!target) return;
      focusPending.current = null;
      if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
      if (pending.section) target.scrollIntoView?.();
    };
    const cancel = () => (focusPending.current = null);
    update();
    if (focusPending.current) giveUp = setTimeout(cancel, waitMs);
    document.addEventListener('keydown', cancel, true);
    document.addEventListener('pointerdown', cancel, true);
    const observer = new MutationObserver(update);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
      document.removeEventListener('keydown', cancel, true);
      document.removeEventListener('pointerdown', cancel, true);
    };
  }, [mainId, siteName, waitMs, page, section]);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
