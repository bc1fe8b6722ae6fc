import { createRoot } from 'react-dom/client';
import { SERVICE_WORKER_SCRIPT } from '@marquee/protocol';
import { App } from './components/App';
import './styles.css';

// The service worker keeps the shell for offline starts and answers the multiple-tab check.
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register(`/${SERVICE_WORKER_SCRIPT}`, { scope: '/' }).catch((error: Error) => {
    console.warn('[marquee-player] service worker not registered', error.message);
  });
} else {
  console.warn(
    '[marquee-player] service worker unsupported: offline start and the multiple-tab check are skipped',
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
