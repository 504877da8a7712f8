/**
 * The public entry (public.html): the merger information query page, the public home and their
 * detail pages, without the back office's shell, antd or i18next, so a phone loads little. A page the
 * server rendered (server-render.tsx: its content is in the HTML) is hydrated; the plain page rendered.
 */
// First: the page's first list starts before React loads and renders (unless the HTML holds it).
import './early-list.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { initialLanguage, loadLanguage } from './i18n.ts';
import './public.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The page's language's texts first (only another language than the default waits for a fetch).
void loadLanguage(initialLanguage()).then(() => {
  if (root.dataset.language) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
