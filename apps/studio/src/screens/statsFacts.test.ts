import { describe, expect, it } from 'vitest';
import { statsFacts, type PlayerStatsView } from './statsFacts';

const report: PlayerStatsView = {
  uptime: 3725,
  heap: { used: 25 * 1024 * 1024, total: 40 * 1024 * 1024, limit: 2048 * 1024 * 1024 },
  frameResponsive: true,
  contentVersion: 4,
  onlineSeconds: 3600,
  offlineSeconds: 125,
  reportedAt: 0,
};

describe('statsFacts', () => {
  it('writes uptime, heap, the frame, the content version and the online share', () => {
    expect(statsFacts(report)).toEqual([
      { label: 'Uptime', value: '1hr 2m 5s' },
      { label: 'JS heap', value: '25.0 MB used of 2048.0 MB' },
      { label: 'Content frame', value: 'Responsive' },
      { label: 'Content shown', value: 'Version 4' },
      { label: 'Connection', value: '96% online · offline 0hr 2m 5s' },
    ]);
  });

  it('says what is not known, and never rounds some offline time up to 100% online', () => {
    const facts = statsFacts({
      ...report,
      heap: null,
      frameResponsive: false,
      contentVersion: null,
      onlineSeconds: 999,
      offlineSeconds: 1,
    });
    expect(facts.map((fact) => fact.value)).toEqual([
      '1hr 2m 5s',
      'Not told by this browser',
      'Not answering',
      'None',
      '99% online · offline 0hr 0m 1s',
    ]);
    expect(statsFacts({ ...report, onlineSeconds: 0, offlineSeconds: 0 })[4]?.value).toBe('—');
  });

  it('says how often the content watchdog reloaded the frame, when the player reports it', () => {
    expect(statsFacts({ ...report, frameRecoveries: 2 })[5]).toEqual({
      label: 'Frame reloads',
      value: '2 since the player started (the frame stopped answering)',
    });
    expect(statsFacts({ ...report, frameRecoveries: 0 })[5]?.value).toBe('None since the player started');
    expect(statsFacts(report)).toHaveLength(5);
  });
});
