// What a sweep decides per screen, without a database: first sightings, comebacks, silences (not in the start
// grace), and a large fleet looked at in slices that let the event loop run between them.

import { describe, expect, it } from 'vitest';
import type { ScreenHealth } from '../db/schema';
import { healthChange, healthChanges } from './healthChanges';
import type { Presence } from './presence';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 30, 9, 0);
const look = { now: NOW, inGrace: false, offlineAfterMs: 2 * MINUTE };

const screen = (id: string, overrides: Partial<Presence> = {}): Presence => ({
  screenId: id,
  orgId: 'org-1',
  name: `Screen ${id}`,
  createdAt: NOW - 60 * MINUTE,
  connected: false,
  connectedAt: null,
  disconnectedAt: null,
  lastHeartbeatAt: null,
  ...overrides,
});

const stored = (
  id: string,
  state: 'online' | 'offline',
  since: number,
  lastSeenAt: number,
): ScreenHealth => ({
  screen_id: id,
  org_id: 'org-1',
  state,
  since,
  last_seen_at: lastSeenAt,
  updated_at: lastSeenAt,
});

describe('health changes', () => {
  it('records a first sighting: online since the connection, offline since the last sign, or since creation', () => {
    expect(healthChange(screen('a', { connected: true, connectedAt: NOW - 5000 }), undefined, look)).toEqual({
      orgId: 'org-1',
      screenId: 'a',
      state: 'online',
      since: NOW - 5000,
      lastSeenAt: NOW,
    });
    const gone = screen('b', { disconnectedAt: NOW - 10 * MINUTE, connectedAt: NOW - 30 * MINUTE });
    expect(healthChange(gone, undefined, look)).toMatchObject({ state: 'offline', since: NOW - 10 * MINUTE });
    expect(healthChange(screen('c'), undefined, look)).toMatchObject({
      state: 'offline',
      since: NOW - 60 * MINUTE,
      lastSeenAt: NOW - 60 * MINUTE,
    });
  });

  it('brings an offline screen back when it connects or beats, and changes nothing for a steady one', () => {
    const offline = stored('a', 'offline', NOW - 20 * MINUTE, NOW - 20 * MINUTE);
    expect(healthChange(screen('a', { connected: true, connectedAt: NOW - 3000 }), offline, look)).toEqual({
      orgId: 'org-1',
      screenId: 'a',
      state: 'online',
      since: NOW - 3000,
    });
    expect(healthChange(screen('a', { lastHeartbeatAt: NOW - 1000 }), offline, look)).toMatchObject({
      state: 'online',
      since: NOW - 1000,
    });
    const online = stored('a', 'online', NOW - 20 * MINUTE, NOW);
    expect(
      healthChange(screen('a', { connected: true, connectedAt: NOW - 20 * MINUTE }), online, look),
    ).toBeNull();
  });

  it('takes a silent screen offline since it was last seen, but not during the start grace', () => {
    const online = stored('a', 'online', NOW - 30 * MINUTE, NOW - 4 * MINUTE);
    const silent = screen('a', { disconnectedAt: NOW - 5 * MINUTE, lastHeartbeatAt: NOW - 3 * MINUTE });
    expect(healthChange(silent, online, look)).toEqual({
      orgId: 'org-1',
      screenId: 'a',
      state: 'offline',
      since: NOW - 3 * MINUTE,
    });
    expect(healthChange(silent, online, { ...look, inGrace: true })).toBeNull();
    const recent = screen('a', { lastHeartbeatAt: NOW - MINUTE });
    expect(healthChange(recent, online, look)).toBeNull();
  });

  it('looks at a fleet in slices, letting the event loop run between them, and finds every change', async () => {
    const fleet: Presence[] = [];
    const health = new Map<string, ScreenHealth>();
    for (let index = 0; index < 2000; index++) {
      const id = `s${String(index).padStart(4, '0')}`;
      if (index % 4 === 0) {
        fleet.push(screen(id, { connected: true, connectedAt: NOW - 1000 })); // first sighting
      } else if (index % 4 === 1) {
        fleet.push(screen(id, { connected: true, connectedAt: NOW - 1000 }));
        health.set(id, stored(id, 'offline', NOW - 10 * MINUTE, NOW - 10 * MINUTE)); // comeback
      } else if (index % 4 === 2) {
        fleet.push(screen(id, { lastHeartbeatAt: NOW - 10 * MINUTE }));
        health.set(id, stored(id, 'online', NOW - 30 * MINUTE, NOW - 10 * MINUTE)); // silence
      } else {
        fleet.push(screen(id, { connected: true, connectedAt: NOW - MINUTE }));
        health.set(id, stored(id, 'online', NOW - MINUTE, NOW)); // steady
      }
    }
    let turns = 0;
    let counting = true;
    const tick = () => {
      if (!counting) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const changes = await healthChanges(fleet, health, look, 500);
    counting = false;

    expect(turns).toBeGreaterThanOrEqual(3); // 4 slices: the loop ran between each two
    expect(changes.firsts).toHaveLength(500);
    expect(changes.transitions.filter((change) => change.state === 'online')).toHaveLength(500);
    expect(changes.transitions.filter((change) => change.state === 'offline')).toHaveLength(500);
    expect(changes.transitions.find((change) => change.screenId === 's0002')).toEqual({
      orgId: 'org-1',
      screenId: 's0002',
      state: 'offline',
      since: NOW - 10 * MINUTE,
    });
    expect(changes.names.get('s0001')).toBe('Screen s0001');
    expect(changes.names.has('s0000')).toBe(false); // a first sighting is not announced
  });
});
