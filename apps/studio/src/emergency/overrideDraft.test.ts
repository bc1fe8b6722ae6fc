import { describe, expect, it } from 'vitest';
import { checkOverride, localInputOf, newOverrideValues } from './overrideDraft';

const NOW = Date.parse('2026-03-25T12:00:00Z');
const HOUR = 3600_000;

describe('checkOverride', () => {
  it('sends a message to every screen until the expiry chosen, as an instant', () => {
    const values = { ...newOverrideValues(NOW, HOUR), name: 'Fire drill', message: ' Leave by the stairs ' };
    expect(checkOverride(values, NOW)).toEqual({
      ok: true,
      body: {
        name: 'Fire drill',
        message: 'Leave by the stairs',
        targets: { all: true },
        expiresAt: new Date(NOW + HOUR).toISOString(),
      },
    });
  });

  it('sends a playlist instead of a message when one is chosen', () => {
    const values = {
      ...newOverrideValues(NOW, HOUR),
      name: 'Closed',
      show: 'playlist' as const,
      playlistId: 'pl1',
    };
    expect(checkOverride(values, NOW)).toMatchObject({ ok: true, body: { playlistId: 'pl1' } });
    expect(checkOverride({ ...values, playlistId: null }, NOW)).toEqual({
      ok: false,
      errors: { playlistId: 'Choose the playlist to show' },
    });
  });

  it('needs an expiry in the future and at most 7 days ahead', () => {
    const values = { ...newOverrideValues(NOW, HOUR), name: 'Drill', message: 'Go' };
    const at = (ms: number) => checkOverride({ ...values, expiresAt: localInputOf(ms) }, NOW);
    expect(at(NOW - HOUR)).toEqual({ ok: false, errors: { expiresAt: 'It must end in the future' } });
    expect(at(NOW + 7 * 24 * HOUR + HOUR)).toEqual({
      ok: false,
      errors: { expiresAt: 'It can last 7 days at most' },
    });
    expect(at(NOW + 7 * 24 * HOUR).ok).toBe(true);
    expect(checkOverride({ ...values, expiresAt: '' }, NOW)).toEqual({
      ok: false,
      errors: { expiresAt: 'Choose when it ends' },
    });
  });

  it('needs a name, a message and some screens', () => {
    const values = { ...newOverrideValues(NOW, HOUR), targets: { all: false, groupIds: [], screenIds: [] } };
    const result = checkOverride(values, NOW);
    expect(Object.keys(result.ok ? {} : result.errors).sort()).toEqual(['message', 'name', 'targets']);
  });
});

describe('an override showing a layout', () => {
  it('sends only the layout, and needs one chosen', () => {
    const values = { ...newOverrideValues(NOW, HOUR), name: 'Evacuation map', show: 'layout' as const };
    expect(checkOverride(values, NOW)).toEqual({
      ok: false,
      errors: { layoutId: 'Choose the layout to show' },
    });
    const check = checkOverride({ ...values, layoutId: 'lay1', message: 'ignored' }, NOW);
    expect(check.ok && check.body).toMatchObject({ name: 'Evacuation map', layoutId: 'lay1' });
    expect(check.ok && ('message' in check.body || 'playlistId' in check.body)).toBe(false);
  });
});
