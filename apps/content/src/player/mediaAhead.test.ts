import { describe, expect, it } from 'vitest';
import { parseManifest } from './manifest';
import { itemsAhead } from './mediaAhead';
import { HOUR, image, rulesIn, schedule, storedAppData, timelineOf } from './timelineTestKit';

const rules = rulesIn('Europe/London', {
  defaultContent: { id: 'd', name: 'Default', playlistId: 'default' },
  schedules: [
    schedule({ id: 'breakfast', playlistId: 'menu', from: '06:00', to: '11:00' }),
    schedule({ id: 'sale', playlistId: 'sale', startsOn: '2026-06-03', endsOn: '2026-06-03' }),
    schedule({ id: 'later', playlistId: 'later', startsOn: '2026-06-06', endsOn: '2026-06-06' }),
  ],
});
const playlists = {
  default: [image('lobby')],
  menu: [image('eggs')],
  sale: [image('sale')],
  later: [image('later')],
};
const start = Date.parse('2026-06-01T20:00:00Z');

const manifestAt = (generatedAt: number) =>
  parseManifest(storedAppData(1, playlists.default, timelineOf(rules, generatedAt, playlists)))!;
const names = (items: { src: string }[]) =>
  items.map((item) => item.src.replace('http://screen/media/', '')).sort();

describe('itemsAhead', () => {
  it("names the items of every segment of the next 24 hours, and not later ones'", () => {
    expect(names(itemsAhead(manifestAt(start), start))).toEqual(['eggs', 'lobby']);
    expect(names(itemsAhead(manifestAt(start), start + 24 * HOUR))).toEqual(['eggs', 'lobby', 'sale']);
  });

  it('reads past the horizon from the rules (a timeline received days ago, kept offline)', () => {
    expect(names(itemsAhead(manifestAt(start), start + 4 * 24 * HOUR))).toEqual(['eggs', 'later', 'lobby']);
  });

  it('is the items themselves without a timeline', () => {
    expect(names(itemsAhead(parseManifest(storedAppData(1, [image('x')]))!, start))).toEqual(['x']);
  });
});
