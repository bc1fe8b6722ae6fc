import { describe, expect, it } from 'vitest';
import { parseManifest, resolveMediaSrc, sameManifest } from './manifest';
import { override, rulesIn, schedule, storedAppData, timelineOf } from './timelineTestKit';

const image = { type: 'image' as const, src: 'http://localhost:8080/media/a?v=1', durationMs: 5000 };
const page = { type: 'url' as const, src: 'https://example.com/', durationMs: 10000 };

describe('parseManifest', () => {
  it('reads items stored as an index-keyed object', () => {
    expect(parseManifest({ version: 3, items: { 0: image, 1: page } })).toEqual({
      version: 3,
      items: [image, page],
      timeline: null,
      skipped: [],
    });
  });

  it('treats missing items as an empty list (the store drops empty arrays)', () => {
    expect(parseManifest({ version: 1 })).toEqual({ version: 1, items: [], timeline: null, skipped: [] });
  });

  it('skips a bad item and says why, keeping the others', () => {
    const manifest = parseManifest({ version: 2, items: [image, { type: 'gif', src: 'x', durationMs: 0 }] });
    expect(manifest?.items).toEqual([image]);
    expect(manifest?.skipped).toEqual([
      'item 2 is not a playable item: {"type":"gif","src":"x","durationMs":0}',
    ]);
  });

  it('refuses what is no manifest', () => {
    expect(parseManifest(null)).toBeNull();
    expect(parseManifest('text')).toBeNull();
    expect(parseManifest({ version: 0, items: [] })).toBeNull();
    expect(parseManifest({ items: [image] })).toBeNull();
  });
});

describe('sameManifest', () => {
  it('compares version and items', () => {
    const a = parseManifest({ version: 1, items: [image] });
    expect(sameManifest(a, parseManifest({ version: 1, items: { 0: image } }))).toBe(true);
    expect(sameManifest(a, parseManifest({ version: 2, items: [image] }))).toBe(false);
    expect(sameManifest(a, null)).toBe(false);
    expect(sameManifest(null, null)).toBe(true);
  });
});

describe('resolveMediaSrc', () => {
  it('moves loopback media URLs to the LAN address the screen uses', () => {
    expect(resolveMediaSrc('http://localhost:8080/media/a?v=1', 'http://192.168.1.20:8080')).toBe(
      'http://192.168.1.20:8080/media/a?v=1',
    );
  });

  it('leaves everything else alone', () => {
    expect(resolveMediaSrc('http://localhost:8080/media/a', 'http://localhost:8080')).toBe(
      'http://localhost:8080/media/a',
    );
    expect(resolveMediaSrc('http://localhost:8080/media/a', 'http://127.0.0.1:8080')).toBe(
      'http://localhost:8080/media/a',
    );
    expect(resolveMediaSrc('https://cdn.example.com/media/a', 'http://192.168.1.20:8080')).toBe(
      'https://cdn.example.com/media/a',
    );
    expect(resolveMediaSrc('http://localhost:8080/page', 'http://192.168.1.20:8080')).toBe(
      'http://localhost:8080/page',
    );
  });
});

describe('parseManifest with a timeline', () => {
  const rules = rulesIn('America/New_York', {
    schedules: [schedule({ id: 's', playlistId: 'p', from: '06:00', to: '11:00', days: ['mon'] })],
    overrides: [override({ id: 'o', message: 'Closed', startsAt: 1, expiresAt: 2 })],
  });
  const generatedAt = Date.parse('2026-06-01T00:00:00Z');

  it('reads it back from the store, which dropped its nulls and empty arrays', () => {
    const timeline = timelineOf(rules, generatedAt, { p: [image] });
    const manifest = parseManifest(storedAppData(9, [], timeline));
    expect(manifest?.timeline).toEqual(timeline);
    expect(manifest?.skipped).toEqual([]);
  });

  it('skips a bad playlist item and keeps the rest', () => {
    const timeline = timelineOf(rules, generatedAt, { p: [image, { ...image, src: 'ftp://x' }] });
    const manifest = parseManifest(storedAppData(9, [], timeline));
    expect(manifest?.timeline?.playlists.p?.items).toEqual([image]);
    expect(manifest?.skipped).toEqual([
      'playlist p item 2 is not a playable item: {"type":"image","src":"ftp://x","durationMs":5000}',
    ]);
  });

  it('refuses a timeline that does not hold together, says why, and keeps the items playing', () => {
    const timeline = timelineOf(rules, generatedAt, { p: [image] });
    const bad = { ...timeline, rules: { ...timeline.rules, timezone: 'Mars/Olympus' } };
    const manifest = parseManifest({ version: 2, items: [page], timeline: bad });
    expect(manifest?.timeline).toBeNull();
    expect(manifest?.items).toEqual([page]);
    expect(manifest?.skipped[0]).toMatch(/^The timeline is not followed \(rules\.timezone: /);
    const reversed = { ...timeline, segments: [...timeline.segments].reverse() };
    expect(parseManifest({ version: 2, items: [], timeline: reversed })?.skipped[0]).toMatch(
      /starts before the one before it ends/,
    );
  });

  it('tells a re-issued timeline (a later horizon, the same version) from the one it replaces', () => {
    const first = parseManifest(storedAppData(9, [], timelineOf(rules, generatedAt, { p: [image] })));
    const again = parseManifest(storedAppData(9, [], timelineOf(rules, generatedAt, { p: [image] })));
    const later = parseManifest(
      storedAppData(9, [], timelineOf(rules, generatedAt + 60_000, { p: [image] })),
    );
    expect(sameManifest(first, again)).toBe(true);
    expect(sameManifest(first, later)).toBe(false);
  });
});

describe('parseManifest with layouts', () => {
  const rules = rulesIn('Europe/London', { defaultContent: { id: 'd', name: 'Lobby', playlistId: 'lobby' } });
  const generatedAt = Date.parse('2026-06-01T00:00:00Z');
  const lobby = {
    name: 'Lobby',
    zones: [
      { id: 'main', x: 0, y: 0, width: 75, height: 90, playlistId: 'p' },
      { id: 'clock', x: 75, y: 0, width: 25, height: 90, app: { type: 'clock' as const, showDate: true } },
      {
        id: 'news',
        x: 0,
        y: 90,
        width: 100,
        height: 10,
        z: 3,
        app: { type: 'ticker' as const, text: 'Hello' },
      },
    ],
  };

  it('reads layouts back from the store, their zones stored as index-keyed objects', () => {
    const timeline = timelineOf(rules, generatedAt, { p: [image] }, { lobby });
    const manifest = parseManifest(storedAppData(9, [], timeline));
    expect(manifest?.timeline?.layouts.lobby).toEqual(lobby);
    expect(manifest?.skipped).toEqual([]);
  });

  it('leaves out a layout that does not hold together, says why, and follows the rest of the timeline', () => {
    const broken = { ...lobby, zones: [{ ...lobby.zones[0], width: 250 }] };
    const timeline = timelineOf(rules, generatedAt, { p: [image] }, { lobby, broken } as never);
    const manifest = parseManifest(storedAppData(9, [], timeline));
    expect(Object.keys(manifest?.timeline?.layouts ?? {})).toEqual(['lobby']);
    expect(manifest?.skipped).toEqual([
      expect.stringMatching(/^layout broken is not a layout \(zones\.0\.width: /),
    ]);
  });

  it("reads the screen for apps, and tells a renamed screen's app/data from the one it replaces", () => {
    const screen = { id: 'scr_1', name: 'Lobby left', tags: ['lobby'] };
    const first = parseManifest({ version: 2, items: [page], screen });
    expect(first?.screen).toEqual(screen);
    const renamed = parseManifest({ version: 2, items: [page], screen: { ...screen, name: 'Lobby right' } });
    expect(sameManifest(first, renamed)).toBe(false);
    const bad = parseManifest({ version: 2, items: [page], screen: { name: 7 } });
    expect(bad?.screen).toBeUndefined();
    expect(bad?.items).toEqual([page]);
    expect(bad?.skipped).toEqual(['The screen in app/data is not a screen: {"name":7}']);
  });
});
