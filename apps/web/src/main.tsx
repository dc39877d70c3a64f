import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './AppProviders';

/**
 * Starts the app in #root: hydrates a pre-rendered page whose first render is the visitor's (no cached
 * user, no query: see public/before-paint.js), renders from scratch otherwise.
 */
export function startApp(root: HTMLElement, hydrate: boolean) {
  const app = (
    <StrictMode>
      <AppProviders router={BrowserRouter} />
      <AppReady />
    </StrictMode>
  );
  if (hydrate) {
    hydrateRoot(root, app);
    return;
  }
  root.replaceChildren();
  root.removeAttribute('data-prerendered');
  createRoot(root).render(app);
}

/** Marks the page once the app has taken it over (`<html data-app-ready>`), for tools that drive it. */
function AppReady() {
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
  return null;
}
