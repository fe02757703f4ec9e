import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentLanguage, LANGUAGE_INFO, rememberLanguage } from './language';
import { RESOURCES } from './resources';

/** Chosen once per page load: switching language reloads the page. */
export const language = currentLanguage();

/**
 * Loads the language's texts and sets i18next up with them; main.tsx renders once it resolves, so
 * the first paint is translated. Every language file has every key (resources.test.ts), so no
 * fallback language is loaded beside it.
 */
export async function loadTexts(): Promise<void> {
  const { default: texts } = await RESOURCES[language]();
  await i18n.use(initReactI18next).init({
    resources: { [language]: { translation: texts } },
    lng: language,
    fallbackLng: false,
    // React escapes output itself.
    interpolation: { escapeValue: false },
  });
}

document.documentElement.lang = LANGUAGE_INFO[language].tag;
// a language chosen before the cookie existed reaches the server too
rememberLanguage(language);
