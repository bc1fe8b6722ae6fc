import { describe, expect, it } from 'vitest';
import {
  ACTION_FLAG_PRIORITY,
  ACTION_NAME_PATTERN,
  ACTIONABLE_BY_API,
  COMMAND_NOT_IMPLEMENTED_MESSAGE,
  isActionName,
  isKnownActionFlag,
  isPendingFlagValue,
  nextActionFlag,
} from './actionFlags';

describe('ACTION_FLAG_PRIORITY', () => {
  it('is the order of SPEC.md §4', () => {
    expect(ACTION_FLAG_PRIORITY).toEqual([
      'reset_credentials',
      'reset_auth',
      'force_hard_reset',
      'reset_pairing',
      'update_device_info',
      'screenshot',
      'reboot',
      'restart_player_app',
      'mute',
      'clear_cache',
    ]);
  });

  it('has the exact log message for unknown flags', () => {
    expect(COMMAND_NOT_IMPLEMENTED_MESSAGE).toBe('Command not implemented');
  });
});

describe('ACTIONABLE_BY_API', () => {
  it('is the {action} list of SPEC.md §7', () => {
    expect(ACTIONABLE_BY_API).toEqual([
      'reset_auth',
      'force_hard_reset',
      'reset_pairing',
      'update_device_info',
      'screenshot',
      'reboot',
      'restart_player_app',
      'mute',
      'clear_cache',
    ]);
    expect(ACTIONABLE_BY_API).not.toContain('reset_credentials');
    expect(ACTIONABLE_BY_API.every(isActionName)).toBe(true);
  });
});

describe('isActionName', () => {
  it.each(['mute', 'a', 'custom_flag_2', 'x'.repeat(64)])('accepts %j', (name) => {
    expect(isActionName(name)).toBe(true);
  });

  it.each([
    '',
    'x'.repeat(65),
    'Mute',
    'clear-cache',
    'a.b',
    'a/b',
    'a#b',
    'a$b',
    'a[0]',
    '..',
    'mute ',
    null,
    7,
  ])('rejects %j', (name) => {
    expect(isActionName(name)).toBe(false);
  });

  it('exposes the pattern', () => {
    expect(ACTION_NAME_PATTERN.source).toBe('^[a-z0-9_]{1,64}$');
  });
});

describe('isKnownActionFlag / isPendingFlagValue', () => {
  it('knows exactly the priority list', () => {
    expect(ACTION_FLAG_PRIORITY.every(isKnownActionFlag)).toBe(true);
    expect(isKnownActionFlag('do_a_dance')).toBe(false);
    expect(isKnownActionFlag('toString')).toBe(false);
  });

  it('treats null, undefined and false as not pending, anything else as pending', () => {
    expect([null, undefined, false].map(isPendingFlagValue)).toEqual([false, false, false]);
    expect([true, 0, '', 'param', {}].map(isPendingFlagValue)).toEqual([true, true, true, true, true]);
  });
});

describe('nextActionFlag', () => {
  it('is null when nothing is pending', () => {
    expect(nextActionFlag(null)).toBeNull();
    expect(nextActionFlag(undefined)).toBeNull();
    expect(nextActionFlag({})).toBeNull();
    expect(nextActionFlag({ mute: null, reboot: false, screenshot: undefined })).toBeNull();
  });

  it('takes every known flag before the ones after it', () => {
    const all = Object.fromEntries(ACTION_FLAG_PRIORITY.map((name) => [name, true]));
    const order: string[] = [];
    let next = nextActionFlag(all);
    while (next) {
      order.push(next.name);
      all[next.name] = false; // acknowledged
      next = nextActionFlag(all);
    }
    expect(order).toEqual([...ACTION_FLAG_PRIORITY]);
  });

  it('picks by priority, not by key order', () => {
    expect(nextActionFlag({ clear_cache: true, mute: true, reset_auth: true })).toEqual({
      name: 'reset_auth',
      param: true,
    });
  });

  it('passes the flag value as its parameter', () => {
    expect(nextActionFlag({ screenshot: { quality: 0.8 }, reboot: true })).toEqual({
      name: 'screenshot',
      param: { quality: 0.8 },
    });
  });

  it('skips a flag whose value is null or false', () => {
    expect(nextActionFlag({ reset_credentials: null, reset_auth: false, reboot: true })).toEqual({
      name: 'reboot',
      param: true,
    });
  });

  it('puts unknown flags after known ones, in code-unit order', () => {
    expect(nextActionFlag({ zeta: true, alpha: 'x', clear_cache: true })).toEqual({
      name: 'clear_cache',
      param: true,
    });
    expect(nextActionFlag({ zeta: true, beta: 1, alpha_2: 'x', alpha: false })).toEqual({
      name: 'alpha_2',
      param: 'x',
    });
  });

  it('skips names that could never be acknowledged', () => {
    expect(nextActionFlag({ 'Bad-Name': true, 'a.b': true })).toBeNull();
    expect(nextActionFlag({ 'Bad-Name': true, zz: true })).toEqual({ name: 'zz', param: true });
  });

  it('ignores inherited properties', () => {
    const flags = Object.create({ reboot: true }) as Record<string, unknown>;
    flags.mute = true;
    expect(nextActionFlag(flags)).toEqual({ name: 'mute', param: true });
  });
});
