import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentLanguage, LANGUAGE_INFO } from './language';
import { RESOURCES } from './resources';

/** Chosen once per page load: switching language reloads the page. */
export const language = currentLanguage();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    Object.entries(RESOURCES).map(([code, texts]) => [code, { translation: texts }]),
  ),
  lng: language,
  fallbackLng: 'en',
  // Resources are bundled, so initialise synchronously and render translated on the first paint.
  initAsync: false,
  // React escapes output itself.
  interpolation: { escapeValue: false },
});

document.documentElement.lang = LANGUAGE_INFO[language].tag;
