import { describe, expect, it } from 'vitest';
import { appContextOf, readAppConfig } from './appContext';

describe('readAppConfig', () => {
  it('reads a JSON object, and nothing at all as {}', () => {
    expect(readAppConfig('{"greeting":"Hi","n":[1,2]}')).toEqual({
      config: { greeting: 'Hi', n: [1, 2] },
      problem: null,
    });
    expect(readAppConfig(undefined)).toEqual({ config: {}, problem: null });
    expect(readAppConfig('')).toEqual({ config: {}, problem: null });
  });

  it('reads stored text that is no JSON object as {} and says why', () => {
    expect(readAppConfig('{oops')).toEqual({ config: {}, problem: 'its configuration is not JSON' });
    for (const text of ['[1]', '"text"', 'null', '3']) {
      expect(readAppConfig(text)).toEqual({ config: {}, problem: 'its configuration is not a JSON object' });
    }
  });
});

describe('appContextOf', () => {
  const screen = { id: 'scr_1', name: 'Lobby', tags: ['ground'] };

  it('reports the box in whole CSS pixels with its orientation', () => {
    const context = appContextOf({
      screen,
      timezone: 'Europe/London',
      box: { width: 1919.6, height: 540.2 },
      config: { a: 1 },
    });
    expect(context).toEqual({
      screen,
      timezone: 'Europe/London',
      orientation: 'landscape',
      zone: { width: 1920, height: 540 },
      config: { a: 1 },
    });
    expect(
      appContextOf({ screen, timezone: 'UTC', box: { width: 540, height: 960 }, config: {} }).orientation,
    ).toBe('portrait');
    expect(
      appContextOf({ screen, timezone: 'UTC', box: { width: 600, height: 600 }, config: {} }).orientation,
    ).toBe('landscape');
  });

  it('gives a screen without tags an empty list, and no screen as null', () => {
    const box = { width: 10, height: 10 };
    expect(appContextOf({ screen: { id: 's', name: 'S' }, timezone: 'UTC', box, config: {} }).screen).toEqual(
      {
        id: 's',
        name: 'S',
        tags: [],
      },
    );
    expect(appContextOf({ screen: null, timezone: 'UTC', box, config: {} }).screen).toBeNull();
  });
});
