/**
 * The public entry (public.html): the merger information query page, the public home and their
 * detail pages, without the back office's shell, antd or i18next, so a phone loads little.
 */
// First: the page's first list starts before React loads and renders.
import './early-list.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './public.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
