import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from './api/client';
import App, { preloadPage } from './App';
import { ToastProvider } from './components/Toasts';
import { language, loadTexts } from './i18n';
import { antdIconLabels } from './i18n/antdIcons';
import { ANTD_LOCALES } from './i18n/antdLocale';
import { DEFAULT_STEP, formatPrice } from './format';
import { RealtimeProvider } from './realtime/RealtimeProvider';
import { antdTheme } from './theme';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal from the server will not change on retry; a dropped connection might.
      retry: (failures, error) => !(error instanceof ApiError) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// Intl's number data for the language, read while the chunks below load: its first use costs a
// phone tens of milliseconds, which would otherwise add to the render that first shows prices
setTimeout(() => formatPrice('0', DEFAULT_STEP));

// one who asks the system for less motion gets none: menus, pop-ups and dialogs appear at once
const REDUCED_MOTION = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

// the language's texts and antd's, and the page, fetched together, before the first (translated)
// render; not a top-level await: their chunks import the entry's, which must have finished running first
// rendered as a transition: React then renders the page in slices, yielding to the browser
// between them, instead of one long task a phone cannot answer input during
void Promise.all([ANTD_LOCALES[language](), loadTexts(), preloadPage(window.location.pathname)]).then(([{ default: antdLocale }]) => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider>
          {/* No space forced between two CJK characters in buttons: right for some Chinese UIs, wrong in Japanese. */}
          <ConfigProvider theme={{ ...antdTheme, token: { ...antdTheme.token, motion: !REDUCED_MOTION }, zeroRuntime: true }} locale={antdLocale} button={{ autoInsertSpace: false }} {...antdIconLabels()}>
            <ToastProvider>
              <App />
            </ToastProvider>
          </ConfigProvider>
        </RealtimeProvider>
      </QueryClientProvider>
    </StrictMode>,
  ));
});
