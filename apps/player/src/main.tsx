import { createRoot } from 'react-dom/client';
import { SERVICE_WORKER_CLAIM_REQUEST, SERVICE_WORKER_SCRIPT, markStartup } from '@marquee/protocol';
import { App } from './components/App';
import { runEffectsFromTasks } from './effectScheduling';
import { beginStartup } from './hooks/useStartup';
import './styles.css';

markStartup('player-bundle', 'end');

// The start-up runs first: its network steps are under way while React draws the shimmer.
void beginStartup().catch(() => {}); // failures are the hook's to show

// The service worker keeps the shell for offline starts and answers the multiple-tab check. Registered once the
// start-up has settled: its install fetches and stores the shell, work that need not compete with registration and
// sign-in (docs/player.md §Start-up timings). The multiple-tab check waits for it (serviceWorker.ready).
if ('serviceWorker' in navigator) {
  const register = () =>
    navigator.serviceWorker.register(`/${SERVICE_WORKER_SCRIPT}`, { scope: '/' }).catch((error: Error) => {
      console.warn('[marquee-player] service worker not registered', error.message);
    });
  void beginStartup().then(register, register);
  // Once a worker is active, a page it does not control asks to be claimed (protocol's SERVICE_WORKER_CLAIM_REQUEST).
  void navigator.serviceWorker.ready.then((registration) => {
    if (navigator.serviceWorker.controller === null)
      registration.active?.postMessage(SERVICE_WORKER_CLAIM_REQUEST);
  });
} else {
  console.warn(
    '[marquee-player] service worker unsupported: offline start and the multiple-tab check are skipped',
  );
}

runEffectsFromTasks();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
