import { useLayoutEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Button, consentPurposes, focusDropped, useConsentStore, type ConsentChoice } from '@shop/shared';
import { untrackedPaths } from '../analytics/tagManager.ts';
import { consentCss } from './consent.css.ts';

/** The footer's "cookie settings" button, which gets focus back when the reopened banner closes. */
export const consentSettingsButtonId = 'shell-consent-settings';

const allPurposes = (granted: boolean): ConsentChoice => ({ analytics: granted, marketing: granted });

/**
 * The consent banner (docs/architecture.md#platform). First layer: "accept all" and "reject all" as two identical buttons side by
 * side (equal prominence: neither is the default, neither is hidden behind the settings), plus "settings",
 * which shows one checkbox per purpose (none ticked until chosen) and "save selection". Reopened from the
 * footer it starts with the settings and the stored choice. Not shown on the embed listing, which tracks
 * nothing. A labelled region rather than a modal dialog: the shop stays usable, nothing loads until a choice.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { choice, reopened, decide, close } = useConsentStore();
  const open = choice === null || reopened;
  const [showSettings, setShowSettings] = useState(false);
  const [selection, setSelection] = useState<ConsentChoice>(() => choice ?? allPurposes(false));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  /** Where the focus was before it entered the banner: it goes back there when the banner closes. */
  const cameFrom = useRef<HTMLElement | null>(null);
  const id = useId();

  useLayoutEffect(() => {
    if (!reopened) return;
    setShowSettings(true);
    setSelection(useConsentStore.getState().choice ?? allPurposes(false));
    headingRef.current?.focus();
  }, [reopened]);

  if (!open || untrackedPaths.includes(pathname)) return null;

  const rememberWhereFrom = (event: FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget;
    if (from instanceof Node && sectionRef.current?.contains(from)) return; // moving within the banner
    // From nowhere (a click on the banner with nothing focused before): nothing to go back to but the page.
    cameFrom.current = from instanceof HTMLElement ? from : null;
  };

  /**
   * The banner disappears with the focus in it, which would drop the focus to the page (WCAG 2.4.3): it goes back to
   * where the visitor came from — the footer's button when reopened there, else the element they tabbed in from, or
   * the page's main content when there was none. A focus the visitor has put elsewhere is left alone.
   */
  const giveFocusBack = (fromFooter: boolean) => {
    const active = document.activeElement;
    if (!focusDropped() && !(active && sectionRef.current?.contains(active))) return;
    const footerButton = fromFooter ? document.getElementById(consentSettingsButtonId) : null;
    const previous = cameFrom.current?.isConnected ? cameFrom.current : null;
    // Not scrolled: the banner sits over the page the visitor is looking at, which stays where it is.
    (footerButton ?? previous ?? document.getElementById('main'))?.focus({ preventScroll: true });
  };

  const finish = (decision: ConsentChoice) => {
    const fromFooter = reopened;
    giveFocusBack(fromFooter);
    decide(decision);
    setShowSettings(false);
  };

  return (
    <section
      ref={sectionRef}
      className="shell-consent"
      aria-labelledby={`${id}-title`}
      data-testid="consent-banner"
      onFocus={rememberWhereFrom}
    >
      <style href="shell-consent" precedence="default">
        {consentCss}
      </style>
      <div className="shell-consent__inner">
        <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
          {t('shell.consent.title')}
        </h2>
        <p>{t('shell.consent.text')}</p>
        <div className="shell-consent__actions">
          <Button onClick={() => finish(allPurposes(true))}>{t('shell.consent.acceptAll')}</Button>
          <Button onClick={() => finish(allPurposes(false))}>{t('shell.consent.rejectAll')}</Button>
          <Button
            variant="secondary"
            aria-expanded={showSettings}
            aria-controls={`${id}-settings`}
            onClick={() => setShowSettings(!showSettings)}
          >
            {t('shell.consent.settings')}
          </Button>
          {reopened ? (
            <Button
              variant="secondary"
              onClick={() => {
                giveFocusBack(true);
                close();
              }}
            >
              {t('common.close')}
            </Button>
          ) : null}
        </div>
        <fieldset id={`${id}-settings`} hidden={!showSettings}>
          <legend>{t('shell.consent.purposesLegend')}</legend>
          {consentPurposes.map((purpose) => (
            <div className="shell-consent__purpose" key={purpose}>
              <input
                type="checkbox"
                id={`${id}-${purpose}`}
                aria-describedby={`${id}-${purpose}-text`}
                checked={selection[purpose]}
                onChange={(event) => setSelection({ ...selection, [purpose]: event.target.checked })}
              />
              <label htmlFor={`${id}-${purpose}`}>{t(`shell.consent.purposes.${purpose}.label`)}</label>
              <p id={`${id}-${purpose}-text`}>{t(`shell.consent.purposes.${purpose}.text`)}</p>
            </div>
          ))}
          <Button variant="secondary" onClick={() => finish(selection)}>
            {t('shell.consent.save')}
          </Button>
        </fieldset>
      </div>
    </section>
  );
}
