import { describe, expect, it } from 'vitest';
import { barSegments, hourMarks } from './uptimeBar';

const HOUR = 3_600_000;

describe('uptime bar', () => {
  it('places each interval by its share of the window', () => {
    const from = Date.UTC(2026, 0, 10, 0);
    const segments = barSegments({
      from,
      to: from + 24 * HOUR,
      intervals: [
        { state: 'unknown', from, to: from + 6 * HOUR },
        { state: 'online', from: from + 6 * HOUR, to: from + 18 * HOUR },
        { state: 'offline', from: from + 18 * HOUR, to: from + 24 * HOUR },
      ],
      uptimePercent: 66.7,
    });
    expect(segments.map(({ state, left, width }) => [state, left, width])).toEqual([
      ['unknown', 0, 25],
      ['online', 25, 50],
      ['offline', 75, 25],
    ]);
  });

  it("marks the screen's local hours; the spring-forward night in London is five hours long", () => {
    // 2026-03-29: London goes from 01:00 GMT to 02:00 BST.
    const from = Date.UTC(2026, 2, 28, 12);
    const marks = hourMarks(from, from + 24 * HOUR, 'Europe/London');
    expect(marks.map((mark) => [mark.label, new Date(mark.at).toISOString()])).toEqual([
      ['12:00', '2026-03-28T12:00:00.000Z'],
      ['18:00', '2026-03-28T18:00:00.000Z'],
      ['00:00', '2026-03-29T00:00:00.000Z'],
      ['06:00', '2026-03-29T05:00:00.000Z'],
      ['12:00', '2026-03-29T11:00:00.000Z'],
    ]);
  });

  it('the fall-back night in New York is seven hours long; Phoenix keeps its hours', () => {
    // 2026-11-01: New York goes from 02:00 EDT back to 01:00 EST.
    const from = Date.UTC(2026, 10, 1, 0);
    const newYork = hourMarks(from, from + 24 * HOUR, 'America/New_York').map((mark) => [
      mark.label,
      new Date(mark.at).toISOString(),
    ]);
    expect(newYork).toEqual([
      ['00:00', '2026-11-01T04:00:00.000Z'],
      ['06:00', '2026-11-01T11:00:00.000Z'],
      ['12:00', '2026-11-01T17:00:00.000Z'],
      ['18:00', '2026-11-01T23:00:00.000Z'],
    ]);
    const phoenix = hourMarks(from, from + 24 * HOUR, 'America/Phoenix').map((mark) => mark.label);
    expect(phoenix).toEqual(['18:00', '00:00', '06:00', '12:00']);
  });
});
