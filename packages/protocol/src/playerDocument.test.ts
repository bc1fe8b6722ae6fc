import { describe, expect, it } from 'vitest';
import {
  ActionFlagsSchema,
  LogLevelSchema,
  PLAYER_BRANCHES,
  PLAYER_BRANCH_SCHEMAS,
  PlayerDocumentSchema,
  isPlayerBranch,
  playerBranchPath,
  playerDocumentPath,
} from './playerDocument';
import { RealtimeValidationError } from './realtimePath';
import { normalizeForWrite, restoreArrays } from './realtimeValue';

const device = {
  id: 'device-1',
  platform: 'browser',
  model: 'Chrome',
  version: '1.0.0',
  updated_at: 1_700_000_000_000,
  device: { memory: { available: null, total: 4096 }, ip: '10.0.0.7' },
};

const paired = {
  app: {
    url: 'https://marquee.example.com/content/player?screen=s1',
    data: { version: 4, items: [{ type: 'url', src: 'https://example.com/', durationMs: 5000 }] },
  },
  settings: { name: 'Lobby', orientation: 'landscape', daily_restart: 'off' },
  action_flags: { screenshot: 'https://marquee.example.com/upload/abc', reboot: true, custom_flag: 3 },
  connection: { connected: true, connected_at: 1_700_000_000_000, disconnected_at: null, id: 'c1' },
  device,
  logging: { logLevel: 4 },
  overridden_player: { websocket: 'ws://a.example.com|wss://a.example.com' },
};

/** The document as the realtime database stores it and a reader gets it back. */
const stored = (value: unknown) => restoreArrays(normalizeForWrite(value));

describe('PlayerDocumentSchema', () => {
  it('accepts an unpaired player (pairing code only) and an empty document', () => {
    expect(PlayerDocumentSchema.parse({ pairing: { code: 'ABC234' } })).toEqual({
      pairing: { code: 'ABC234' },
    });
    expect(PlayerDocumentSchema.parse({})).toEqual({});
  });

  it('accepts a paired player, also as read back from the database (nulls dropped, arrays restored)', () => {
    expect(PlayerDocumentSchema.parse(paired)).toEqual(paired);
    expect(PlayerDocumentSchema.parse(stored(paired))).toEqual(paired);
  });

  it('rejects malformed pairing codes', () => {
    for (const code of ['ABC23', 'ABC2345', 'abc234', 'ABC 23', 'ABCO23', 'ABC123', 'ABCI23']) {
      expect(PlayerDocumentSchema.safeParse({ pairing: { code } }).success).toBe(false);
    }
  });

  it('rejects a bad app url, bad settings, a bad connection, a bad device or a bad overridden player', () => {
    const bad = [
      { app: { url: 'not a url' } },
      { settings: { orientation: 'diagonal' } },
      { connection: { connected: 'yes' } },
      { connection: { connected_at: 1 } },
      { device: { ...device, updated_at: 'today' } },
      { device: { id: 'only an id' } },
      { overridden_player: { websocket: 'ws://only-one' } },
    ];
    for (const document of bad) expect(PlayerDocumentSchema.safeParse(document).success).toBe(false);
  });

  it('judges each branch alone with its own schema, an absent branch included', () => {
    expect(PLAYER_BRANCH_SCHEMAS.connection.safeParse(undefined).success).toBe(true);
    expect(PLAYER_BRANCH_SCHEMAS.connection.safeParse({ connected: false }).success).toBe(true);
    expect(PLAYER_BRANCH_SCHEMAS.connection.safeParse({ connected: 1 }).success).toBe(false);
    expect(PLAYER_BRANCH_SCHEMAS.device.safeParse(stored(device)).success).toBe(true);
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
    expect(PlayerDocumentSchema.safeParse({ logging: { logLevel: 1 } }).success).toBe(false);
  });
});

describe('typed paths', () => {
  it('names a player document, a branch and a place below it', () => {
    expect(playerDocumentPath('p1')).toBe('players/p1');
    expect(playerBranchPath('p1', 'connection')).toBe('players/p1/connection');
    expect(playerBranchPath('p1', 'action_flags', 'reboot')).toBe('players/p1/action_flags/reboot');
    expect(playerBranchPath('p1', 'app', 'data')).toBe('players/p1/app/data');
  });

  it('refuses an id or a key that is not one realtime key, so no path can reach another document', () => {
    for (const id of ['', 'a/b', 'a.b', '__proto__']) {
      expect(() => playerDocumentPath(id)).toThrow(RealtimeValidationError);
      expect(() => playerBranchPath(id, 'settings')).toThrow(RealtimeValidationError);
    }
    expect(() => playerBranchPath('p1', 'action_flags', '../p2')).toThrow(
      'Invalid key "../p2" at path "players/p1/action_flags/../p2"',
    );
  });

  it('tells the branches of the document from other names', () => {
    for (const branch of PLAYER_BRANCHES) expect(isPlayerBranch(branch)).toBe(true);
    for (const name of ['x', 'toString', '__proto__', 'pairing/code', 1]) {
      expect(isPlayerBranch(name)).toBe(false);
    }
  });
});
