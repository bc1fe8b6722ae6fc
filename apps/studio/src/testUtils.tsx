// Rendering for component tests: Mantine, TanStack Query (no retries), a router, and fake services.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ApiClient } from './api/client';
import { createSessionStore } from './api/sessionStore';
import { studioConfigOf } from './config';
import { Providers } from './Providers';

export function fakeApi(overrides: Partial<ApiClient> = {}): ApiClient {
  const never = () => new Promise<never>(() => {});
  return {
    get: never,
    send: never,
    blob: never,
    upload: never,
    signIn: never,
    signUp: never,
    passwordPolicy: () => Promise.resolve({ policy: { minLength: 6 } }),
    signOut: () => {},
    idToken: () => Promise.resolve(null),
    ...overrides,
  };
}

export function renderStudio(
  ui: ReactElement,
  { api = fakeApi(), path = '/', route = '*' }: { api?: ApiClient; path?: string; route?: string } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const services = {
    api,
    sessions: createSessionStore(null),
    config: studioConfigOf(undefined, 'http://studio.test'),
  };
  return render(
    <Providers services={services} client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}
