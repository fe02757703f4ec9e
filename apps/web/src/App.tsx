import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import Layout from './components/Layout';
import { HOME_ROUTE, ROUTE_PAGES } from './routes';

// Each page is its own chunk, so the trading pages' charts load only where they are used.
const pageModules = import.meta.glob<{ default: ComponentType }>('./pages/*.tsx');
const pageLoader = (page: string) => pageModules[`./pages/${page}.tsx`]!;
const NotFoundPage = lazy(pageLoader('NotFound'));

/** Every route's page chunk, by path. */
const LOADERS: Record<string, () => Promise<{ default: ComponentType }>> = Object.fromEntries(
  Object.entries(ROUTE_PAGES).map(([path, page]) => [path, pageLoader(page)]),
);
const PAGES = Object.fromEntries(Object.entries(LOADERS).map(([path, load]) => [path, lazy(load)]));
/** Pages whose chunk has arrived, by path: rendered as they are, as a lazy page suspends its first render even then. */
const READY = new Map<string, ComponentType>();

/**
 * Loads the page of `pathname` (the root is the exchange) while the app's texts load, so the
 * first render finds it there and paints it with the shell, with no spinner in between.
 */
export function preloadPage(pathname: string): Promise<void> {
  const path = pathname.split('/')[1] || HOME_ROUTE;
  const load = LOADERS[path];
  // a failed load is the lazy page's to report, when it is rendered
  return load ? load().then(({ default: Page }) => void READY.set(path, Page), () => undefined) : Promise.resolve();
}

// staff console: its own chunk and layout, loaded only when /admin is opened
const AdminApp = lazy(() => import('./admin/AdminApp'));

// the declarative router: no route loads data through it, and its data APIs would double its size
export default function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="admin/*" element={<Suspense fallback={null}><AdminApp /></Suspense>} />
        <Route element={<Layout />}>
          <Route index element={<Navigate to={`/${HOME_ROUTE}`} replace />} />
          {Object.entries(PAGES).map(([path, Page]) => {
            const Ready = READY.get(path) ?? Page;
            return <Route key={path} path={path} element={<Ready />} />;
          })}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
