// The CSV line of one play: ids exactly as the JSON API gives them (a random id may start with '-'), device text
// that a spreadsheet would run as a formula defused with an apostrophe, and RFC 4180 quoting.

import { describe, expect, it } from 'vitest';
import type { PlayView } from '@marquee/management-api';
import { PLAY_CSV_COLUMNS, playCsvLine } from './playCsv';

const play: PlayView = {
  playId: '-evjdOg8RDWVZvjzibLAmg',
  screenId: '-screen_1',
  playlistId: null,
  scheduleId: null,
  overrideId: null,
  itemId: null,
  src: 'https://cdn.example/a.png',
  name: 'Lobby',
  startedAt: '2026-10-25T00:30:00.000Z',
  localStart: '2026-10-25T01:30:00.000+01:00',
  timezone: 'Europe/London',
  durationMs: 5000,
  plannedMs: 5000,
  outcome: 'completed',
  error: null,
  receivedAt: '2026-10-25T00:31:00.000Z',
  clockSkew: false,
};

/** Splits one line into cells, undoing RFC 4180 quoting. */
function cells(line: string): Record<string, string> {
  const values: string[] = [];
  const pattern = /("((?:[^"]|"")*)"|[^,\r\n]*)(,|\r\n)/g;
  for (const match of line.matchAll(pattern)) {
    values.push(match[2] !== undefined ? match[2].replace(/""/g, '"') : match[1]!);
  }
  return Object.fromEntries(PLAY_CSV_COLUMNS.map((column, index) => [column, values[index] ?? '']));
}

describe('a play as a CSV line', () => {
  it('keeps ids that start with "-" as they are, so they match the API', () => {
    const row = cells(playCsvLine(play, 'Front desk'));
    expect(row.play_id).toBe(play.playId);
    expect(row.screen_id).toBe(play.screenId);
    expect(row.screen_name).toBe('Front desk');
    expect(row.local_start).toBe(play.localStart);
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    const formulas = ['=HYPERLINK("https://evil.example","x")', "-2+3+cmd|' /C calc'!A0", '@SUM(A1)', '+1-1'];
    for (const formula of formulas) {
      const row = cells(playCsvLine({ ...play, name: formula, error: formula }, formula));
      expect(row.name).toBe(`'${formula}`);
      expect(row.error).toBe(`'${formula}`);
      expect(row.screen_name).toBe(`'${formula}`);
    }
  });

  it('quotes commas, quotes and line breaks, and leaves empty cells for nulls', () => {
    const line = playCsvLine({ ...play, name: 'Menu, "lunch"\nspecials' }, null);
    expect(line.endsWith('\r\n')).toBe(true);
    const row = cells(line);
    expect(row.name).toBe('Menu, "lunch"\nspecials');
    expect(row.screen_name).toBe('');
    expect(row.playlist_id).toBe('');
    expect(row.duration_ms).toBe('5000');
    expect(row.clock_skew).toBe('false');
  });
});
