import { ANTD_LOCALES } from './i18n/antdLocale';
import { currentLanguage } from './i18n/language';
import { RESOURCES } from './i18n/resources';
import { preloadPage } from './routes';

// The entry, a few hundred bytes: it asks at once for all the first render needs (the app, the
// address's page, the language's texts and antd's), which then download side by side rather than
// the page and texts only once the app has arrived and run. main.tsx awaits the same modules.
const language = currentLanguage();
preloadPage(window.location.pathname);
void RESOURCES[language]().catch(() => undefined);
void ANTD_LOCALES[language]().catch(() => undefined);
void import('./main');
