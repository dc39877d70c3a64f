import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { pageTitle } from '../lib/pageTitle';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { PageLoading } from './PageLoading';
import { SupportWidget } from './SupportWidget';

export function Layout() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <SupportWidget />
    </div>
  );
}
