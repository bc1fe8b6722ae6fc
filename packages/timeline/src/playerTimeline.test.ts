import { describe, expect, it } from 'vitest';
import { PlayerTimelineSchema } from './playerTimeline';

const ITEM = { type: 'image', src: 'https://signs.example/media/a?v=1', durationMs: 5000 };

describe('PlayerTimelineSchema', () => {
  it('reads a timeline as the realtime tree keeps it: nulls, empty lists and an empty map left out', () => {
    const stored = {
      timezone: 'Europe/London',
      generatedAt: 1,
      horizonEnd: 2,
      rules: {
        timezone: 'Europe/London',
        schedules: [
          {
            id: 's',
            name: 'Lunch',
            playlistId: 'p',
            priority: 10,
            startsOn: '2026-03-01',
            from: '11:00',
            to: '14:00',
          },
        ],
      },
      segments: [{ start: 1, end: 2, source: { kind: 'idle' } }],
    };
    expect(PlayerTimelineSchema.parse(stored)).toEqual({
      timezone: 'Europe/London',
      generatedAt: 1,
      horizonEnd: 2,
      rules: {
        timezone: 'Europe/London',
        schedules: [
          {
            id: 's',
            name: 'Lunch',
            playlistId: 'p',
            priority: 10,
            startsOn: '2026-03-01',
            endsOn: null,
            days: null,
            from: '11:00',
            to: '14:00',
            timezone: null,
          },
        ],
        overrides: [],
        defaultContent: null,
      },
      playlists: {},
      layouts: {},
      segments: [
        { start: 1, end: 2, source: { kind: 'idle', id: null, name: null }, playlistIds: [], message: null },
      ],
    });
  });

  it('checks the rules and the items it carries, and bounds them', () => {
    const timeline = {
      timezone: 'Europe/London',
      generatedAt: 1,
      horizonEnd: 2,
      rules: { timezone: 'UTC' },
      playlists: { p: { name: 'Lunch', items: [ITEM] } },
    };
    expect(PlayerTimelineSchema.safeParse(timeline).success).toBe(true);
    const badZone = { ...timeline, rules: { timezone: 'Mars/Base' } };
    expect(PlayerTimelineSchema.safeParse(badZone).success).toBe(false);
    const badItem = {
      ...timeline,
      playlists: { p: { name: 'Lunch', items: [{ ...ITEM, src: 'javascript:alert(1)' }] } },
    };
    expect(PlayerTimelineSchema.safeParse(badItem).success).toBe(false);
    const tooMany = {
      ...timeline,
      segments: Array.from({ length: 5001 }, () => ({ start: 1, end: 2, source: { kind: 'idle' } })),
    };
    expect(PlayerTimelineSchema.safeParse(tooMany).success).toBe(false);
  });
});
