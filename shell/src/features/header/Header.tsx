import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { selectCartCount, useCartStore } from '@shop/shared';
import logoUrl from '../../assets/logo.svg?no-inline';
import { offers } from '../navigation/offers.ts';
import { useSchool } from '../school/useSchool.ts';
import { headerCss } from './header.css.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

function PersonIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="26" height="26" viewBox="0 0 24 24">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function CartIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="26" height="26" viewBox="0 0 24 24">
      <path
        d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="9" cy="20" r="1.5" fill="currentColor" />
      <circle cx="17" cy="20" r="1.5" fill="currentColor" />
    </svg>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24">
      <path
        d={open ? 'M5 5l14 14M19 5L5 19' : 'M3 6h18M3 12h18M3 18h18'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * Screen readers hear the cart count when it changes (an item added on any page, or in another tab), not
 * when the page starts: a polite live region outside the link, whose text is set only on a change. A language
 * switch empties it: the sentence stays readable in the page, and one in the language left behind (under the new
 * `<html lang>`) is wrong, while saying it again in the new language would announce a change that did not happen.
 */
function useCartAnnouncement(count: number): string {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const previous = useRef(count);
  const [announcement, setAnnouncement] = useState({ text: '', language });
  useEffect(() => {
    if (previous.current === count) return;
    previous.current = count;
    setAnnouncement({ text: t('shell.header.cartChanged', { count }), language: i18n.resolvedLanguage });
  }, [count, t, i18n]);
  // Emptied for good on a switch (state adjusted while rendering), so switching back does not bring the old one back.
  if (announcement.language !== language) setAnnouncement({ text: '', language });
  return announcement.language === language ? announcement.text : '';
}

/**
 * The offers as a navigation: a row on wide screens, a disclosure menu ("Menü") on small ones. The menu
 * closes when the route changes, so it never covers the page it just opened, when the focus moves on past it, and
 * on Escape from within it, which gives the focus back to its button (where a keyboard user opened it).
 */
function OfferNavigation() {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [pathname, search, hash]);
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };
  // On a phone the open list lies over the page: when the focus moves on past it (Tab from its last link), the list
  // would hide the element that now has the focus (WCAG 2.4.7), so it closes. A focus that leaves the window stays.
  const closeWhenFocusLeaves = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (open && next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
  };
  return (
    <nav
      aria-label={t('shell.header.offersNavigation')}
      className="shell-offers"
      data-open={open}
      onKeyDown={closeOnEscape}
      onBlur={closeWhenFocusLeaves}
    >
      <button
        ref={toggle}
        type="button"
        className="shell-offers__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <MenuIcon open={open} />
        {t('shell.header.menu')}
      </button>
      <ul id={listId} className="shell-offers__list">
        {offers.map((offer) => (
          <li key={offer.key}>
            <Link
              to={offer.to}
              className="shell-offers__link"
              aria-current={`${pathname}${search}` === offer.to ? 'page' : undefined}
            >
              {t(`shell.offers.${offer.key}.nav`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Header of the shop: the school's logo (to the school's own site), the offers, language, the person icon
 * to the account and the cart icon with its count. The logo link's name starts with its visible text, so
 * speech users can say what they see.
 */
export function Header() {
  const { t } = useTranslation();
  const count = useCartStore(selectCartCount);
  const announcement = useCartAnnouncement(count);
  // The school's own site once its identity names one; the shop's home until then.
  const schoolUrl = useSchool()?.websiteUrl || '/';
  return (
    <header className="shell-header">
      <style href="shell-header" precedence="default">
        {headerCss}
      </style>
      <div className="shop-page shell-header__bar">
        <a className="shell-header__logo" href={schoolUrl}>
          <img src={logoUrl} alt="" width="40" height="40" />
          <span className="shell-header__wordmark">{t('shell.header.logo')}</span>
          <span className="shop-visually-hidden"> – {t('shell.header.homeLabel')}</span>
        </a>
        <div className="shell-header__tools">
          <LanguageSwitcher />
          <Link to="/account-data" className="shell-header__icon" aria-label={t('shell.header.account')}>
            <PersonIcon />
          </Link>
          <Link to="/cart" className="shell-header__icon" aria-label={t('shell.header.cartCount', { count })}>
            <CartIcon />
            <span className="shell-header__badge" data-testid="cart-count" aria-hidden="true">
              {count}
            </span>
          </Link>
        </div>
        <OfferNavigation />
      </div>
      <span className="shop-visually-hidden" role="status" aria-live="polite" data-testid="cart-announcement">
        {announcement}
      </span>
    </header>
  );
}
