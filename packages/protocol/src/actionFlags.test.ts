import { describe, expect, it } from 'vitest';
import { isActionName, isKnownActionFlag, isPendingFlagValue, nextActionFlag } from './actionFlags';

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
});

describe('isKnownActionFlag / isPendingFlagValue', () => {
  it('knows the commands of docs/player.md §Action flags, not other names', () => {
    for (const name of ['reset_credentials', 'screenshot', 'clear_cache'])
      expect(isKnownActionFlag(name)).toBe(true);
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

  it('drains flags raised all at once by priority, unknown ones last in code-unit order', () => {
    const raised: Record<string, unknown> = {
      zz_custom: true,
      clear_cache: true,
      screenshot: 'full',
      aa_custom: true,
      reset_pairing: true,
      reset_credentials: true,
    };
    const order: string[] = [];
    for (let next = nextActionFlag(raised); next !== null; next = nextActionFlag(raised)) {
      order.push(next.name);
      raised[next.name] = null; // acknowledged: the server clears it
    }
    expect(order).toEqual([
      'reset_credentials',
      'reset_pairing',
      'screenshot',
      'clear_cache',
      'aa_custom',
      'zz_custom',
    ]);
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
