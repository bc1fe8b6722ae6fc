import { DeviceRecordSchema } from '@marquee/protocol';
import * as z from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildDeviceRecord,
  shouldSendDeviceRecord,
  startDeviceLogging,
  type DeviceRecordInput,
} from './deviceInfo';
import { fakeJwt } from './testTokens';

const input: DeviceRecordInput = {
  playerId: 'p1',
  deviceId: 'd1',
  platform: 'browser',
  model: 'Web Browser',
  version: '1.0.0',
  now: Date.UTC(2026, 0, 1),
  apiToken: fakeJwt({ sub: 'p1', org_id: 'org-1', screen_id: 'scr-1' }),
  sourceUrl: 'http://s/content/',
  updateChannel: 'stable',
  settings: { name: 'Lobby', orientation: 'portrait', daily_restart_time: '04:00am' },
  capabilities: { fullscreen: true, reload: true },
  userAgent: 'UA',
  timezone: 'Europe/London',
  env: 'production',
  scaleFactor: 2,
};

describe('buildDeviceRecord', () => {
  it('carries the capabilities the platform has, true or false, and always get_device_info and overridden_player', () => {
    const record = buildDeviceRecord({
      ...input,
      platform: 'android',
      capabilities: { mute: true, reboot: false, clear_cache: true, screenshot: false },
    });
    expect(z.safeParse(DeviceRecordSchema, record).success).toBe(true);
    expect((record.native_player as { capabilities: unknown }).capabilities).toEqual({
      mute: true,
      reboot: false,
      clear_cache: true,
      screenshot: false,
      get_device_info: true,
      overridden_player: true,
    });
  });

  it('builds the record of docs/player.md §Device record that the server accepts', () => {
    const record = buildDeviceRecord(input);
    expect(z.safeParse(DeviceRecordSchema, record).success).toBe(true);
    expect(record).toMatchObject({
      id: 'p1',
      platform: 'browser',
      model: 'Web Browser',
      version: '1.0.0',
      updated_at: input.now,
      web_player: {
        client: { name: 'marquee-player', version: '1.0.0', update_channel: 'stable' },
        content_player: {
          name: 'studio-player',
          device_id: 'd1',
          org_id: 'org-1',
          screen_id: 'scr-1',
          url: 'http://s/content/',
        },
      },
      native_player: {
        settings: {
          name: 'Lobby',
          orientation: 'portrait',
          daily_restart: 'off',
          daily_restart_time: '04:00am',
        },
        capabilities: { fullscreen: true, reload: true, get_device_info: true, overridden_player: true },
        datetime: '2026-01-01T00:00:00.000Z',
        timezone: 'Europe/London',
        env: 'production',
        user_agent: 'UA',
      },
      device: { display: { scaleFactor: 2 }, hardware_id: null },
    });
  });

  it('has null org and screen before pairing, and takes the hardware facts of a native parent', () => {
    const record = buildDeviceRecord({
      ...input,
      apiToken: fakeJwt({ sub: 'p1' }),
      settings: { daily_restart: 'on' },
      hardware: { hardware_id: 'hw', ip: '10.0.0.2', memory: { available: 1, total: 2 } },
    });
    expect(z.safeParse(DeviceRecordSchema, record).success).toBe(true);
    expect(record).toMatchObject({
      web_player: { content_player: { org_id: null, screen_id: null } },
      native_player: { settings: { daily_restart: 'on' } },
      device: { hardware_id: 'hw', ip: '10.0.0.2', memory: { available: 1, total: 2 } },
    });
  });
});

describe('shouldSendDeviceRecord', () => {
  it('refuses no source URL and the pairing app', () => {
    expect(shouldSendDeviceRecord(null, 'http://s/content/pair')).toBe(false);
    expect(shouldSendDeviceRecord('', 'http://s/content/pair')).toBe(false);
    expect(shouldSendDeviceRecord('http://s/content/pair', 'http://s/content/pair')).toBe(false);
    expect(shouldSendDeviceRecord('http://s/content/pair?x=1', 'http://s/content/pair')).toBe(false);
    expect(shouldSendDeviceRecord('http://s/content/', 'http://s/content/pair')).toBe(true);
  });
});

describe('startDeviceLogging', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  it('sends on load and every 12 hours', () => {
    const send = vi.fn();
    const stop = startDeviceLogging({ send });
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(12 * 3600_000 - 1);
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(24 * 3600_000);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
