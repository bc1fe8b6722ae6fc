import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SERVICE_WORKER_SCRIPT } from '@marquee/protocol';
import { App } from './App';
import { readContentConfig } from './platform/runtimeConfig';
import './styles.css';

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <App config={readContentConfig()} pathname={window.location.pathname} />
    </StrictMode>,
  );
}

// The content service worker keeps the app shell and media for offline play (src/sw/serviceWorker.ts).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  navigator.serviceWorker
    .register(`${import.meta.env.BASE_URL}${SERVICE_WORKER_SCRIPT}`, { scope: import.meta.env.BASE_URL })
    .catch((error: unknown) => console.warn('[marquee content] service worker not registered:', error));
}
