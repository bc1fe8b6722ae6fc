// Rendering for component tests: Mantine, TanStack Query (no retries), a router, and fake services.
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { ApiClient } from './api/client';
import type { Layout } from './api/layouts';
import type { Group, Playlist, Schedule, Screen } from './api/types';
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
    adoptSession: (answer) => ({ ...answer, expiresAt: T0 + answer.expiresIn * 1000 }),
    signOut: () => {},
    idToken: () => Promise.resolve(null),
    ...overrides,
  };
}

/** A wrapper for renderHook: the studio's providers over `api`, in a router. */
export function studioWrapper(api: ApiClient = fakeApi()) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const services = {
    api,
    sessions: createSessionStore(null),
    config: studioConfigOf(undefined, 'http://studio.test'),
  };
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Providers services={services} client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </Providers>
    );
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

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** An answer, or a function of the body and the full path (throw an ApiError for an error answer). */
type Answer = unknown;
export type FakeRoutes = Record<string, Answer | ((body: unknown, path: string) => unknown)>;

/**
 * A fake API answering 'METHOD /path' from `routes`: the path with its query string first, then without. Every
 * call is recorded in `calls` ([method, path, body]); an unknown route fails the call.
 */
export function routeApi(routes: FakeRoutes) {
  const calls: [Method, string, unknown][] = [];
  const answer = async (method: Method, path: string, body?: unknown) => {
    calls.push([method, path, body]);
    const key = [`${method} ${path}`, `${method} ${path.split('?')[0]}`].find((k) => k in routes);
    if (key === undefined) throw new Error(`unexpected ${method} ${path}`);
    const route = routes[key];
    return typeof route === 'function' ? (route as (b: unknown, p: string) => unknown)(body, path) : route;
  };
  const api = fakeApi({
    get: vi.fn((path: string) => answer('GET', path)) as ApiClient['get'],
    send: vi.fn((method: Method, path: string, body?: unknown) =>
      answer(method, path, body),
    ) as ApiClient['send'],
    blob: () => Promise.resolve(null),
  });
  return { api, calls };
}

const T0 = 1_700_000_000_000;

export function testScreen(overrides: Partial<Screen> = {}): Screen {
  return {
    id: 's1',
    name: 'Lobby',
    playerId: 'p1',
    settings: {},
    content: { version: 1, items: [], sources: [] },
    status: {
      online: true,
      blocked: false,
      connectedAt: T0,
      disconnectedAt: null,
      lastHeartbeatAt: T0,
      heartbeatOverdue: false,
      platform: 'browser',
      model: null,
      version: '1.0.0',
      ip: null,
      remoteIp: null,
      uptime: null,
      uptimeSeconds: null,
    },
    tags: [],
    timezone: 'Europe/London',
    timezoneSource: 'player',
    defaultPlaylistId: null,
    defaultLayoutId: null,
    timeline: {
      version: 1,
      appliedVersion: 1,
      behind: false,
      current: { kind: 'default', id: null, name: 'Default content', reason: 'Nothing is scheduled' },
    },
    health: { state: 'online', since: T0 },
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

export function testPlaylist(overrides: Partial<Playlist> = {}): Playlist {
  return {
    id: 'pl1',
    name: 'Breakfast menu',
    items: [{ type: 'url', src: 'https://menu.example/breakfast', durationMs: 10_000 }],
    durationMs: 10_000,
    usedBy: { schedules: [], overrides: [], screens: [], layouts: [] },
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

export function testGroup(overrides: Partial<Group> = {}): Group {
  return {
    id: 'g1',
    name: 'Kitchens',
    screenIds: [],
    matchTags: ['kitchen'],
    memberCount: 3,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

export function testSchedule(overrides: Partial<Schedule> = {}): Schedule {
  return {
    id: 'sc1',
    name: 'Breakfast',
    playlist: { id: 'pl1', name: 'Breakfast menu' },
    layout: null,
    targets: { screenIds: [], groupIds: ['g1'], all: false },
    priority: 10,
    startsOn: '2026-03-02',
    endsOn: null,
    days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    from: '06:00',
    to: '11:00',
    timezone: 'screen',
    ended: false,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

export function testLayout(overrides: Partial<Layout> = {}): Layout {
  return {
    id: 'l1',
    name: 'Menu board',
    aspect: 'landscape',
    background: '#000000',
    durationMs: 60_000,
    zones: [
      { id: 'main', name: 'Main', x: 0, y: 0, width: 50, height: 50, z: 0, content: { playlistId: 'pl1' } },
      {
        id: 'side',
        name: 'Side',
        x: 60,
        y: 0,
        width: 40,
        height: 100,
        z: 1,
        content: { app: { type: 'clock', format: '24h' } },
      },
    ],
    usedBy: { schedules: [], overrides: [], screens: [] },
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}
