import { describe, expect, it, vi } from 'vitest';
import { LAYOUT_DEFAULT_DURATION_MS, type PlayerLayout } from '@marquee/protocol';
import type { Manifest } from './manifest';
import { programmeOf } from './programme';
import { showingAt } from './showing';
import { image, rulesIn, schedule, timelineOf } from './timelineTestKit';

const generatedAt = Date.parse('2026-06-01T09:00:00Z');
const board: PlayerLayout = {
  name: 'Menu board',
  durationMs: 20_000,
  zones: [
    { id: 'video', x: 0, y: 0, width: 60, height: 100, playlistId: 'specials' },
    { id: 'prices', x: 60, y: 0, width: 40, height: 100, app: { type: 'text', text: 'Soup 4.50' } },
  ],
};
const playlists = {
  breakfast: [image('eggs', 5000), image('toast', 7000)],
  lunch: [image('soup', 4000)],
  specials: [image('special', 8000)],
};

/** The programme of a screen whose only schedule (or tied schedules) name `keys`, now. */
function programmeFor(keys: string[], layouts: Record<string, PlayerLayout>, report = vi.fn()) {
  const rules = rulesIn('Europe/London', {
    schedules: keys.map((key, index) => schedule({ id: `s${index}`, playlistId: key })),
  });
  const timeline = timelineOf(rules, generatedAt, playlists, layouts);
  const manifest: Manifest = { version: 1, items: [], timeline, skipped: [] };
  return programmeOf(manifest, showingAt(timeline, generatedAt), report);
}

describe('programmeOf with layouts', () => {
  it("plays a layout named by a segment, each playlist zone with its playlist's items", () => {
    const programme = programmeFor(['board'], { board });
    expect(programme?.kind).toBe('turns');
    if (programme?.kind !== 'turns') return;
    expect(programme.turns).toHaveLength(1);
    const [turn] = programme.turns;
    expect(turn?.kind).toBe('layout');
    if (turn?.kind !== 'layout') return;
    expect(turn.durationMs).toBe(20_000);
    expect(turn.show.layout).toEqual(board);
    expect(Object.keys(turn.show.zones)).toEqual(['video']);
    expect(turn.show.zones.video?.items).toEqual(playlists.specials);
  });

  it('takes turns between tied schedules: playlists together as before, each layout for its duration', () => {
    const plain = { ...board, durationMs: undefined };
    const programme = programmeFor(['breakfast', 'lunch', 'board', 'plain'], { board, plain });
    if (programme?.kind !== 'turns') throw new Error(`expected turns, got ${programme?.kind}`);
    expect(programme.turns.map((turn) => [turn.kind, turn.durationMs])).toEqual([
      ['items', 16_000],
      ['layout', 20_000],
      ['layout', LAYOUT_DEFAULT_DURATION_MS],
    ]);
    const first = programme.turns[0];
    expect(first?.kind === 'items' && first.playable.items).toEqual([
      ...playlists.breakfast,
      ...playlists.lunch,
    ]);
  });

  it('keeps a playlists-only segment as it always played', () => {
    const programme = programmeFor(['breakfast', 'lunch'], { board });
    expect(programme?.kind).toBe('items');
    expect(programme?.kind === 'items' && programme.playable.items).toEqual([
      ...playlists.breakfast,
      ...playlists.lunch,
    ]);
  });

  it('reports a zone whose playlist the timeline does not carry; the zone is left empty', () => {
    const report = vi.fn();
    const orphan = { ...board, zones: [{ ...board.zones![0]!, playlistId: 'gone' }] };
    const programme = programmeFor(['orphan'], { orphan }, report);
    expect(
      programme?.kind === 'turns' && programme.turns[0]?.kind === 'layout' && programme.turns[0].show.zones,
    ).toEqual({});
    expect(report).toHaveBeenCalledWith(
      'The timeline names playlist gone of layout orphan but does not carry it',
    );
  });

  it('gives changed content a new key and the same content the same key', () => {
    const a = programmeFor(['board'], { board });
    const b = programmeFor(['board'], { board });
    const c = programmeFor(['board'], { board: { ...board, background: '#112233' } });
    expect(a?.kind === 'turns' && b?.kind === 'turns' && a.key === b.key).toBe(true);
    expect(a?.kind === 'turns' && c?.kind === 'turns' && a.key !== c.key).toBe(true);
  });
});
