import { describe, expect, it } from 'vitest';
import { APP_DATA_MAX_ITEMS, AppDataSchema } from './appData';
import { normalizeForWrite, restoreArrays } from './realtimeValue';

const item = { type: 'image', src: 'https://cdn.example.com/a.png', durationMs: 10_000 };

describe('AppDataSchema', () => {
  it('accepts a manifest of url, image and video items, with or without a token', () => {
    const data = {
      version: 3,
      items: [
        { type: 'url', src: 'https://example.com/', durationMs: 30_000 },
        item,
        { type: 'video', src: 'http://127.0.0.1:8080/media/v.mp4', durationMs: 1 },
      ],
    };
    expect(AppDataSchema.parse(data)).toEqual(data);
    expect(AppDataSchema.parse({ ...data, token: 'meet-token' })).toEqual({ ...data, token: 'meet-token' });
    expect(AppDataSchema.parse({ version: 1, items: [] })).toEqual({ version: 1, items: [] });
  });

  it('parses a manifest read back from the database', () => {
    const data = { version: 2, items: [item, item] };
    expect(AppDataSchema.parse(restoreArrays(normalizeForWrite(data)))).toEqual(data);
  });

  it('requires a positive integer version', () => {
    for (const version of [0, -1, 1.5, '1', undefined]) {
      expect(AppDataSchema.safeParse({ version, items: [] }).success).toBe(false);
    }
  });

  it('rejects unknown types, non-URL sources and non-positive durations', () => {
    const bad = [
      { ...item, type: 'audio' },
      { ...item, src: 'not a url' },
      { ...item, src: 'javascript:alert(1)' },
      { ...item, durationMs: 0 },
      { ...item, durationMs: 1.5 },
      { type: 'image', src: item.src },
    ];
    for (const entry of bad)
      expect(AppDataSchema.safeParse({ version: 1, items: [entry] }).success).toBe(false);
  });

  it(`accepts ${APP_DATA_MAX_ITEMS} items and rejects ${APP_DATA_MAX_ITEMS + 1}`, () => {
    expect(AppDataSchema.safeParse({ version: 1, items: Array(APP_DATA_MAX_ITEMS).fill(item) }).success).toBe(
      true,
    );
    expect(
      AppDataSchema.safeParse({ version: 1, items: Array(APP_DATA_MAX_ITEMS + 1).fill(item) }).success,
    ).toBe(false);
  });

  it('rejects an empty token', () => {
    expect(AppDataSchema.safeParse({ version: 1, items: [], token: '' }).success).toBe(false);
  });
});
