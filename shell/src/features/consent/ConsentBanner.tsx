import { useLayoutEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Button, consentPurposes, useConsentStore, type ConsentChoice } from '@shop/shared';
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
  const id = useId();

  useLayoutEffect(() => {
    if (!reopened) return;
    setShowSettings(true);
    setSelection(useConsentStore.getState().choice ?? allPurposes(false));
    headingRef.current?.focus();
  }, [reopened]);

  if (!open || untrackedPaths.includes(pathname)) return null;

  const finish = (decision: ConsentChoice) => {
    const fromFooter = reopened;
    decide(decision);
    setShowSettings(false);
    // The banner disappears with the focus in it: give focus back where the visitor came from.
    if (fromFooter) document.getElementById(consentSettingsButtonId)?.focus();
  };

  return (
    <section className="shell-consent" aria-labelledby={`${id}-title`} data-testid="consent-banner">
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
                close();
                document.getElementById(consentSettingsButtonId)?.focus();
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
