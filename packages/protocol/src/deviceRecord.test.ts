import { describe, expect, it } from 'vitest';
import {
  CAPABILITY_NAMES,
  CUSTOM_DATA_MAX_BYTES,
  DeviceRecordSchema,
  MeetDeviceSchema,
} from './deviceRecord';
import { LABEL_MAX_LENGTH } from './schemaText';

const browserRecord = {
  id: 'device-1',
  platform: 'browser',
  model: 'Chrome',
  version: '1.0.0',
  updated_at: 1_700_000_000_000,
  web_player: {
    client: { name: 'marquee-player', version: '1.0.0', update_channel: 'stable' },
    content_player: {
      name: 'studio-player',
      device_id: 'device-1',
      org_id: null,
      screen_id: null,
      url: null,
    },
  },
};

const nativeRecord = {
  ...browserRecord,
  platform: 'chromeos',
  native_player: {
    settings: { daily_restart: 'on', daily_restart_time: '04:00am' },
    capabilities: { get_device_info: true, overridden_player: true, reboot: true, screenshot: false },
    platform: 'chromeos',
    version: '2.3.4',
    user_agent: 'Mozilla/5.0',
    screen_api_command: null,
    datetime: '2024-03-31T01:30:00.000Z',
    timezone: 'Europe/London',
    env: 'production',
    custom_data: { serial: 'X1', slots: [1, 2] },
  },
  device: {
    display: { scaleFactor: 1.5 },
    hardware_id: 'hw-1',
    os: 'ChromeOS',
    memory: { available: 1024, total: 4096 },
    storage: { available: null, total: 65536 },
    temperatures: { cpu: 48.5 },
    ip: '10.0.0.2',
    ip_public: '203.0.113.9',
    hostname: 'lobby-screen',
  },
};

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function withNative(patch: Record<string, unknown>) {
  return { ...nativeRecord, native_player: { ...nativeRecord.native_player, ...patch } };
}

describe('DeviceRecordSchema', () => {
  it('accepts what a plain browser knows, without native player or hardware', () => {
    expect(DeviceRecordSchema.parse(browserRecord)).toEqual(browserRecord);
  });

  it('accepts a full native record', () => {
    expect(DeviceRecordSchema.parse(nativeRecord)).toEqual(nativeRecord);
  });

  it('requires the identity fields', () => {
    for (const key of ['id', 'platform', 'model', 'version', 'updated_at'] as const) {
      const { [key]: _dropped, ...missing } = browserRecord;
      expect(DeviceRecordSchema.safeParse(missing).success).toBe(false);
    }
    expect(DeviceRecordSchema.safeParse({ ...browserRecord, id: '' }).success).toBe(false);
  });

  it("requires the content player to be 'studio-player' and a known update channel", () => {
    const bad = clone(browserRecord);
    bad.web_player.content_player.name = 'other-player';
    expect(DeviceRecordSchema.safeParse(bad).success).toBe(false);
    const badChannel = clone(browserRecord);
    badChannel.web_player.client.update_channel = 'nightly';
    expect(DeviceRecordSchema.safeParse(badChannel).success).toBe(false);
  });

  it('requires get_device_info and overridden_player to be true', () => {
    const caps = nativeRecord.native_player.capabilities;
    expect(
      DeviceRecordSchema.safeParse(withNative({ capabilities: { ...caps, get_device_info: false } })).success,
    ).toBe(false);
    expect(
      DeviceRecordSchema.safeParse(withNative({ capabilities: { get_device_info: true } })).success,
    ).toBe(false);
    expect(
      DeviceRecordSchema.safeParse(withNative({ capabilities: { ...caps, reboot: 'yes' } })).success,
    ).toBe(false);
  });

  it('keeps every capability a platform reports as a boolean', () => {
    const capabilities = Object.fromEntries(CAPABILITY_NAMES.map((name) => [name, true]));
    const parsed = DeviceRecordSchema.parse(
      withNative({ capabilities: { ...capabilities, overridden_player: true } }),
    );
    expect(Object.keys(parsed.native_player?.capabilities ?? {}).sort()).toEqual(
      [...CAPABILITY_NAMES, 'overridden_player'].sort(),
    );
  });

  it('rejects a bad datetime, daily restart setting, oversized string or custom_data', () => {
    expect(DeviceRecordSchema.safeParse(withNative({ datetime: 'yesterday' })).success).toBe(false);
    expect(
      DeviceRecordSchema.safeParse(withNative({ settings: { daily_restart: 'sometimes' } })).success,
    ).toBe(false);
    expect(DeviceRecordSchema.safeParse(withNative({ env: 'e'.repeat(LABEL_MAX_LENGTH + 1) })).success).toBe(
      false,
    );
    expect(DeviceRecordSchema.safeParse(withNative({ env: 'e'.repeat(LABEL_MAX_LENGTH) })).success).toBe(
      true,
    );
    // {"a":"…"} is 8 bytes of JSON around the string.
    const fits = { a: 'x'.repeat(CUSTOM_DATA_MAX_BYTES - 8) };
    const over = { a: 'x'.repeat(CUSTOM_DATA_MAX_BYTES - 7) };
    expect(DeviceRecordSchema.safeParse(withNative({ custom_data: fits })).success).toBe(true);
    expect(DeviceRecordSchema.safeParse(withNative({ custom_data: over })).success).toBe(false);
    expect(DeviceRecordSchema.safeParse(withNative({ custom_data: { f: () => 1 } })).success).toBe(false);
  });

  it('rejects negative sizes and a non-positive scale factor', () => {
    const device = nativeRecord.device;
    expect(
      DeviceRecordSchema.safeParse({
        ...nativeRecord,
        device: { ...device, memory: { available: -1, total: 1 } },
      }).success,
    ).toBe(false);
    expect(
      DeviceRecordSchema.safeParse({ ...nativeRecord, device: { ...device, display: { scaleFactor: 0 } } })
        .success,
    ).toBe(false);
    expect(DeviceRecordSchema.safeParse({ ...nativeRecord, device: { hardware_id: null } }).success).toBe(
      true,
    );
  });
});

describe('MeetDeviceSchema', () => {
  it("defaults make to 'Unknown' and model to ''", () => {
    expect(MeetDeviceSchema.parse({ id: 'room-1', platform: 'meet' })).toEqual({
      id: 'room-1',
      make: 'Unknown',
      model: '',
      platform: 'meet',
    });
    expect(MeetDeviceSchema.parse({ id: 'r', platform: 'meet', make: 'Acme', model: 'M1' })).toEqual({
      id: 'r',
      platform: 'meet',
      make: 'Acme',
      model: 'M1',
    });
  });

  it('requires id and platform', () => {
    expect(MeetDeviceSchema.safeParse({ platform: 'meet' }).success).toBe(false);
    expect(MeetDeviceSchema.safeParse({ id: 'r' }).success).toBe(false);
    expect(MeetDeviceSchema.safeParse({ id: 'r', platform: 'meet', make: 5 }).success).toBe(false);
  });
});
