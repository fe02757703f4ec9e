import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import Layout from './components/Layout';
import { LOADERS } from './routes';

// Each page is its own chunk, so the trading pages' charts load only where they are used.
const NotFoundPage = lazy(() => import('./pages/NotFound'));
const PAGES = Object.fromEntries(Object.entries(LOADERS).map(([path, load]) => [path, lazy(load)]));

// staff console: its own chunk and layout, loaded only when /admin is opened
const AdminApp = lazy(() => import('./admin/AdminApp'));

// the declarative router: no route loads data through it, and its data APIs would double its size
export default function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="admin/*" element={<Suspense fallback={null}><AdminApp /></Suspense>} />
        <Route element={<Layout />}>
          <Route index element={<Navigate to="/exchange" replace />} />
          {Object.entries(PAGES).map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
