// A PlayerSession for hook tests: real player-core storage and logger, a recording HTTP client, no network.

import { MemoryStorage, createLogger, createPlayerStorage, readRuntimeConfig } from '@marquee/player-core';
import { vi } from 'vitest';
import type { PlayerSession } from './startPlayer';

export function fakeJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'none' })}.${part(claims)}.sig`;
}

export function testSession(overrides: Partial<PlayerSession> = {}) {
  const request = vi.fn(async (..._args: unknown[]) => ({}) as unknown);
  const session = {
    config: readRuntimeConfig({ exemptOrgs: ['org-exempt'] }, 'http://s.test'),
    logger: createLogger({
      service: 'test',
      level: () => 0,
      console: { error() {}, warn() {}, info() {}, debug() {}, log() {} },
    }),
    storage: createPlayerStorage(new MemoryStorage()),
    http: { request },
    parent: null,
    platform: 'browser',
    model: 'Web Browser',
    capabilities: {},
    hardware: null,
    deviceId: 'd1',
    playerId: 'p1',
    identity: {} as PlayerSession['identity'],
    db: {} as PlayerSession['db'],
    startedAt: 0,
    auth: () => ({ apiToken: fakeJwt({ sub: 'p1', org_id: 'org-1' }), firebaseTokenV2: 'f', secret: 's' }),
    setAuth: async () => {},
    reload: vi.fn(),
    releasePrelistens: () => {},
    ...overrides,
  } as PlayerSession;
  return { session, request };
}
