import { useTranslation } from 'react-i18next';
import { languages, type Language } from '@shop/shared';

/** Names of the languages in themselves, so a visitor finds their own whatever the current language. */
const nativeNames: Record<Language, string> = { de: 'Deutsch', en: 'English', es: 'Español' };

/**
 * Changes the language of every area at once (one i18next instance); the detector stores the choice and
 * i18n keeps `<html lang>` in step.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <label className="shell-language">
      <span className="shop-visually-hidden">{t('shell.header.language')}</span>
      <select value={i18n.resolvedLanguage} onChange={(event) => void i18n.changeLanguage(event.target.value)}>
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {nativeNames[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
