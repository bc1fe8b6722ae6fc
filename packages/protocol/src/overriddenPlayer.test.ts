import { describe, expect, it } from 'vitest';
import {
  EMPTY_OVERRIDDEN_PLAYER_ERROR,
  INVALID_OVERRIDDEN_PLAYER_ERROR,
  NON_JSON_OVERRIDDEN_PLAYER_ERROR,
  OverriddenPlayerSchema,
  parseOverriddenPlayerMessage,
  splitWebsocketPair,
} from './overriddenPlayer';

const pair = 'ws://10.0.0.5:8080/player|wss://room.example.com/player';

describe('OverriddenPlayerSchema', () => {
  it('accepts a websocket pair, an href and an action, each optional', () => {
    expect(OverriddenPlayerSchema.parse({ websocket: pair })).toEqual({ websocket: pair });
    expect(OverriddenPlayerSchema.parse({ href: 'https://example.com/x' })).toEqual({
      href: 'https://example.com/x',
    });
    expect(OverriddenPlayerSchema.parse({ action: 'reboot' })).toEqual({ action: 'reboot' });
    expect(OverriddenPlayerSchema.parse({})).toEqual({});
  });

  it('rejects a websocket that is not two ws/wss URLs joined by "|"', () => {
    for (const websocket of [
      'wss://one.example.com',
      'ws://a|wss://b|wss://c',
      'http://a.example.com|https://b.example.com',
      'ws://a.example.com|',
      '|wss://b.example.com',
      '',
    ]) {
      expect(OverriddenPlayerSchema.safeParse({ websocket }).success).toBe(false);
    }
  });

  it('rejects a non-http href and an empty action', () => {
    expect(OverriddenPlayerSchema.safeParse({ href: 'javascript:alert(1)' }).success).toBe(false);
    expect(OverriddenPlayerSchema.safeParse({ action: '' }).success).toBe(false);
  });
});

describe('splitWebsocketPair', () => {
  it('returns [plain, secure]', () => {
    expect(splitWebsocketPair(pair)).toEqual(['ws://10.0.0.5:8080/player', 'wss://room.example.com/player']);
    expect(splitWebsocketPair('nope')).toBeNull();
    expect(splitWebsocketPair(5)).toBeNull();
  });
});

describe('parseOverriddenPlayerMessage', () => {
  it('reads a JSON string or an already parsed value', () => {
    expect(parseOverriddenPlayerMessage('{"href":"https://example.com/"}')).toEqual({
      ok: true,
      value: { href: 'https://example.com/' },
    });
    expect(parseOverriddenPlayerMessage({ action: 'reboot' })).toEqual({
      ok: true,
      value: { action: 'reboot' },
    });
  });

  it('reports empty, non-JSON and malformed messages', () => {
    expect(parseOverriddenPlayerMessage('')).toEqual({ ok: false, error: EMPTY_OVERRIDDEN_PLAYER_ERROR });
    expect(parseOverriddenPlayerMessage('  ')).toEqual({ ok: false, error: EMPTY_OVERRIDDEN_PLAYER_ERROR });
    expect(parseOverriddenPlayerMessage(null)).toEqual({ ok: false, error: EMPTY_OVERRIDDEN_PLAYER_ERROR });
    expect(parseOverriddenPlayerMessage('null')).toEqual({ ok: false, error: EMPTY_OVERRIDDEN_PLAYER_ERROR });
    expect(parseOverriddenPlayerMessage('{href:')).toEqual({
      ok: false,
      error: NON_JSON_OVERRIDDEN_PLAYER_ERROR,
    });
    expect(parseOverriddenPlayerMessage('{"href":5}')).toEqual({
      ok: false,
      error: INVALID_OVERRIDDEN_PLAYER_ERROR,
    });
    expect(parseOverriddenPlayerMessage('[1]')).toEqual({
      ok: false,
      error: INVALID_OVERRIDDEN_PLAYER_ERROR,
    });
  });
});
