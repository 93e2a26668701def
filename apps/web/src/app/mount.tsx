import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';

/**
 * Renders the app in a transition: React builds the first screen in slices that yield to the
 * browser, so no single long task holds the page while index.html's first paint is shown.
 */
export const mountApp = () =>
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
