import { describe, expect, it } from 'vitest';
import { ActionFlagsSchema, LogLevelSchema, PlayerRecordSchema } from './playerRecord';
import { normalizeForWrite, restoreArrays } from './realtimeValue';

const paired = {
  app: {
    url: 'https://marquee.example.com/content/player?screen=s1',
    data: { version: 4, items: [{ type: 'url', src: 'https://example.com/', durationMs: 5000 }] },
  },
  settings: { name: 'Lobby', orientation: 'landscape', daily_restart: 'off' },
  action_flags: { screenshot: 'https://marquee.example.com/upload/abc', reboot: true, custom_flag: 3 },
  connection: { connected: true, connected_at: 1_700_000_000_000, disconnected_at: null, id: 'c1' },
  logging: { logLevel: 4 },
  overridden_player: { websocket: 'ws://a.example.com|wss://a.example.com' },
};

describe('PlayerRecordSchema', () => {
  it('accepts an unpaired player (pairing code only) and an empty record', () => {
    expect(PlayerRecordSchema.parse({ pairing: { code: 'ABC234' } })).toEqual({
      pairing: { code: 'ABC234' },
    });
    expect(PlayerRecordSchema.parse({})).toEqual({});
  });

  it('accepts a paired player, also as read back from the database', () => {
    expect(PlayerRecordSchema.parse(paired)).toEqual(paired);
    expect(PlayerRecordSchema.parse(restoreArrays(normalizeForWrite(paired)))).toEqual({
      ...paired,
      connection: { ...paired.connection, disconnected_at: null },
    });
  });

  it('rejects malformed pairing codes', () => {
    for (const code of ['ABC23', 'ABC2345', 'abc234', 'ABC 23', 'ABCO23', 'ABC123', 'ABCI23']) {
      expect(PlayerRecordSchema.safeParse({ pairing: { code } }).success).toBe(false);
    }
  });

  it('rejects a bad app url, bad settings or a bad connection', () => {
    expect(PlayerRecordSchema.safeParse({ app: { url: 'not a url' } }).success).toBe(false);
    expect(PlayerRecordSchema.safeParse({ settings: { orientation: 'diagonal' } }).success).toBe(false);
    expect(PlayerRecordSchema.safeParse({ connection: { connected: 'yes' } }).success).toBe(false);
    expect(PlayerRecordSchema.safeParse({ overridden_player: { websocket: 'ws://only-one' } }).success).toBe(
      false,
    );
  });
});

describe('ActionFlagsSchema', () => {
  it('accepts true, a string or a number parameter', () => {
    expect(ActionFlagsSchema.safeParse({ reset_pairing: true, screenshot: 'x', mute: 1 }).success).toBe(true);
  });

  it('rejects false, null, objects and names that are not action names', () => {
    expect(ActionFlagsSchema.safeParse({ reboot: false }).success).toBe(false);
    expect(ActionFlagsSchema.safeParse({ reboot: null }).success).toBe(false);
    expect(ActionFlagsSchema.safeParse({ reboot: { at: 1 } }).success).toBe(false);
    expect(ActionFlagsSchema.safeParse({ 'Reboot Now': true }).success).toBe(false);
    expect(ActionFlagsSchema.safeParse({ '': true }).success).toBe(false);
  });
});

describe('LogLevelSchema', () => {
  it('accepts the log levels 0, 2, 3, 4 and 5 only', () => {
    for (const level of [0, 2, 3, 4, 5]) expect(LogLevelSchema.safeParse(level).success).toBe(true);
    for (const level of [1, 6, -1, '3', 'info', 3.5])
      expect(LogLevelSchema.safeParse(level).success).toBe(false);
    expect(PlayerRecordSchema.safeParse({ logging: { logLevel: 1 } }).success).toBe(false);
  });
});
