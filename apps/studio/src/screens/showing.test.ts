import { describe, expect, it } from 'vitest';
import { testScreen } from '../testUtils';
import { showingOf } from './showing';

describe('showingOf', () => {
  it('names the source that won, else counts the screen’s own items', () => {
    const current = (kind: 'override' | 'schedule' | 'default' | 'idle', id: string | null, name: string) =>
      ({ kind, id, name, reason: '' }) as const;
    const base = testScreen();
    const withCurrent = (c: ReturnType<typeof current>) => ({
      ...base,
      timeline: { ...base.timeline, current: c },
    });
    expect(showingOf(withCurrent(current('override', 'o1', 'Fire')))).toBe('Emergency: Fire');
    expect(showingOf(withCurrent(current('schedule', 's1', 'Breakfast')))).toBe('Scheduled: Breakfast');
    expect(showingOf(withCurrent(current('default', 'p1', 'Menu')))).toBe('Playlist: Menu');
    expect(showingOf(withCurrent(current('idle', null, 'Idle')))).toBe('Nothing yet');
    const items = [
      { type: 'url' as const, src: 'https://a', durationMs: 1 },
      { type: 'image' as const, src: 'https://b', durationMs: 1 },
    ];
    expect(showingOf({ ...base, content: { ...base.content, items: items.slice(0, 1) } })).toBe('1 web page');
    expect(showingOf({ ...base, content: { ...base.content, items } })).toBe('Playlist of 2');
  });
});
