import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAYER_NAME, SCREEN_NAME_MAX_LENGTH } from './constants';
import { DAILY_RESTART_SLOTS } from './dailyRestartSlots';
import { DAILY_RESTART_SLOT_PATTERN, SettingsPatchSchema, SettingsSchema } from './settings';

describe('SettingsSchema', () => {
  it('defaults the name to "Marquee Player" and leaves the rest optional', () => {
    expect(DEFAULT_PLAYER_NAME).toBe('Marquee Player');
    expect(SettingsSchema.parse({})).toEqual({ name: 'Marquee Player' });
  });

  it('accepts complete settings', () => {
    const settings = {
      name: 'Lobby',
      orientation: 'reverse_portrait',
      update_channel: 'canary',
      daily_restart: 'on',
      daily_restart_time: '04:00am',
      mute: true,
    };
    expect(SettingsSchema.parse(settings)).toEqual(settings);
  });

  it(`accepts a name of ${SCREEN_NAME_MAX_LENGTH} characters and rejects ${SCREEN_NAME_MAX_LENGTH + 1}`, () => {
    expect(SettingsSchema.safeParse({ name: '🙂'.repeat(SCREEN_NAME_MAX_LENGTH) }).success).toBe(true);
    const result = SettingsSchema.safeParse({ name: 'n'.repeat(SCREEN_NAME_MAX_LENGTH + 1) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The screen name can have at most 120 characters.');
    expect(result.error?.issues[0]?.path).toEqual(['name']);
  });

  it('accepts only the four orientation names', () => {
    expect(SettingsSchema.safeParse({ orientation: 'portrait' }).success).toBe(true);
    for (const orientation of [90, '90', 'upside_down', 'Portrait']) {
      expect(SettingsSchema.safeParse({ orientation }).success).toBe(false);
    }
  });

  it('accepts only canary, stable and local update channels', () => {
    for (const channel of ['canary', 'stable', 'local']) {
      expect(SettingsSchema.safeParse({ update_channel: channel }).success).toBe(true);
    }
    expect(SettingsSchema.safeParse({ update_channel: 'beta' }).success).toBe(false);
  });

  it("accepts daily_restart 'on' or 'off' only, and mute as a boolean", () => {
    expect(SettingsSchema.safeParse({ daily_restart: 'off' }).success).toBe(true);
    expect(SettingsSchema.safeParse({ daily_restart: true }).success).toBe(false);
    expect(SettingsSchema.safeParse({ daily_restart: 'yes' }).success).toBe(false);
    expect(SettingsSchema.safeParse({ mute: 'true' }).success).toBe(false);
  });

  it('accepts each of the 24 slot values as daily_restart_time and nothing else', () => {
    expect(DAILY_RESTART_SLOTS).toHaveLength(24);
    for (const slot of DAILY_RESTART_SLOTS) {
      expect(DAILY_RESTART_SLOT_PATTERN.test(slot.value)).toBe(true);
      expect(SettingsSchema.safeParse({ daily_restart_time: slot.value }).success).toBe(true);
    }
    for (const bad of ['12:00am', '4:00am', '04:30am', '04:00', '04:00AM', '13:00pm', '']) {
      expect(SettingsSchema.safeParse({ daily_restart_time: bad }).success).toBe(false);
    }
  });
});

describe('SettingsPatchSchema', () => {
  it('defaults nothing, so a patch without a name keeps the stored one', () => {
    expect(SettingsPatchSchema.parse({ orientation: 'portrait' })).toEqual({ orientation: 'portrait' });
    expect(SettingsPatchSchema.parse({})).toEqual({});
  });

  it('validates the fields it has like SettingsSchema', () => {
    expect(SettingsPatchSchema.safeParse({ name: 'n'.repeat(SCREEN_NAME_MAX_LENGTH + 1) }).success).toBe(
      false,
    );
    expect(SettingsPatchSchema.safeParse({ orientation: 'sideways' }).success).toBe(false);
  });
});
