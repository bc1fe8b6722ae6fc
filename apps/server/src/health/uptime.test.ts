import { describe, expect, it } from 'vitest';
import { uptimeOf } from './uptime';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 2, 29, 12);
const FROM = NOW - 24 * HOUR;

describe('uptime of the last 24 hours', () => {
  it('clips the intervals to the window and counts the known time', () => {
    const answer = uptimeOf(
      [
        { state: 'online', started_at: FROM - 5 * HOUR, ended_at: FROM + 6 * HOUR },
        { state: 'offline', started_at: FROM + 6 * HOUR, ended_at: FROM + 12 * HOUR },
        { state: 'online', started_at: FROM + 12 * HOUR, ended_at: null },
      ],
      FROM,
      NOW,
    );
    expect(answer.intervals).toEqual([
      { state: 'online', from: FROM, to: FROM + 6 * HOUR },
      { state: 'offline', from: FROM + 6 * HOUR, to: FROM + 12 * HOUR },
      { state: 'online', from: FROM + 12 * HOUR, to: NOW },
    ]);
    expect(answer.uptimePercent).toBe(75);
  });

  it('answers the time before the first record as unknown, left out of the percentage', () => {
    const answer = uptimeOf([{ state: 'offline', started_at: NOW - HOUR, ended_at: null }], FROM, NOW);
    expect(answer.intervals).toEqual([
      { state: 'unknown', from: FROM, to: NOW - HOUR },
      { state: 'offline', from: NOW - HOUR, to: NOW },
    ]);
    expect(answer.uptimePercent).toBe(0);
    expect(uptimeOf([], FROM, NOW)).toMatchObject({
      intervals: [{ state: 'unknown', from: FROM, to: NOW }],
      uptimePercent: null,
    });
  });

  it('ignores intervals wholly outside the window', () => {
    const answer = uptimeOf(
      [{ state: 'offline', started_at: FROM - 3 * HOUR, ended_at: FROM - HOUR }],
      FROM,
      NOW,
    );
    expect(answer.intervals).toEqual([{ state: 'unknown', from: FROM, to: NOW }]);
  });
});
