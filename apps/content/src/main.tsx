import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { markStartup } from '@marquee/protocol';
import { App } from './App';
import { readContentConfig } from './platform/runtimeConfig';
import { registerContentWorker } from './sw/registerContentWorker';
import './styles.css';

markStartup('frame-bundle', 'end');

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <App config={readContentConfig()} pathname={window.location.pathname} />
    </StrictMode>,
  );
}

registerContentWorker();
