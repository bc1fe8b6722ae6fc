import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createApiClient } from './api/client';
import { createSessionStore } from './api/sessionStore';
import { App } from './App';
import { readStudioConfig } from './config';
import { Providers } from './Providers';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const config = readStudioConfig();
const sessions = createSessionStore(storage());
const api = createApiClient({ apiUrl: config.apiUrl, identityUrl: config.identityUrl, sessions });

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <Providers services={{ api, sessions, config }}>
        <BrowserRouter basename="/studio">
          <App />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
}
