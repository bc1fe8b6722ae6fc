import { describe, expect, it } from 'vitest';
import { PlayerStatsSchema } from './playerStats';

const report = {
  uptime: 3725,
  heap: { used: 12_000_000, total: 20_000_000, limit: 4_294_705_152 },
  frameResponsive: true,
  contentVersion: 7,
  onlineSeconds: 3600,
  offlineSeconds: 125,
};

/** The dotted path of the first issue, as the server names the offending field. */
function fieldOf(value: unknown): string | undefined {
  const parsed = PlayerStatsSchema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.path.join('.');
}

describe('PlayerStatsSchema', () => {
  it('accepts a report, and one without heap or content version', () => {
    expect(PlayerStatsSchema.parse(report)).toEqual(report);
    const bare = { ...report, heap: null, frameResponsive: false, contentVersion: null };
    expect(PlayerStatsSchema.parse(bare)).toEqual(bare);
  });

  it('takes the frame recoveries of a player with the watchdog, and a report of an older player without them', () => {
    expect(PlayerStatsSchema.parse({ ...report, frameRecoveries: 2 })).toEqual({
      ...report,
      frameRecoveries: 2,
    });
    expect(PlayerStatsSchema.parse(report)).not.toHaveProperty('frameRecoveries');
    expect(fieldOf({ ...report, frameRecoveries: -1 })).toBe('frameRecoveries');
    expect(fieldOf({ ...report, frameRecoveries: 0.5 })).toBe('frameRecoveries');
  });

  it('drops members it does not know', () => {
    expect(PlayerStatsSchema.parse({ ...report, battery: 0.5 })).toEqual(report);
  });

  it('names the field that is missing, negative, fractional or of the wrong type', () => {
    const { uptime: _uptime, ...withoutUptime } = report;
    expect(fieldOf(withoutUptime)).toBe('uptime');
    expect(fieldOf({ ...report, onlineSeconds: -1 })).toBe('onlineSeconds');
    expect(fieldOf({ ...report, offlineSeconds: 1.5 })).toBe('offlineSeconds');
    expect(fieldOf({ ...report, heap: { used: 1, total: '2', limit: 3 } })).toBe('heap.total');
    expect(fieldOf({ ...report, heap: {} })).toBe('heap.used');
    expect(fieldOf({ ...report, frameResponsive: 'yes' })).toBe('frameResponsive');
    expect(fieldOf({ ...report, contentVersion: '7' })).toBe('contentVersion');
    expect(fieldOf({ ...report, uptime: Number.MAX_SAFE_INTEGER + 2 })).toBe('uptime');
    expect(fieldOf({ ...report, uptime: Infinity })).toBe('uptime');
  });

  it('refuses what is not an object', () => {
    for (const bad of [null, [], 'stats', 42]) expect(PlayerStatsSchema.safeParse(bad).success).toBe(false);
  });
});
