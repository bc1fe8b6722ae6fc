import { describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, checkDraft, draftOf } from './contentDraft';

describe('draftOf', () => {
  it('reads one page, one media file or a playlist', () => {
    expect(draftOf([])).toMatchObject({ mode: 'url', url: '' });
    expect(draftOf([{ type: 'url', src: 'https://a.example/', durationMs: 10000 }])).toMatchObject({
      mode: 'url',
      url: 'https://a.example/',
    });
    expect(draftOf([{ type: 'image', mediaId: 'm1', durationMs: 10000 }])).toMatchObject({
      mode: 'media',
      mediaId: 'm1',
    });
    const playlist = draftOf([
      { type: 'image', mediaId: 'm1', durationMs: 5000 },
      { type: 'url', src: 'https://a.example/', durationMs: 12000 },
    ]);
    expect(playlist.mode).toBe('playlist');
    expect(playlist.rows.map((r) => [r.kind, r.seconds])).toEqual([
      ['media', 5],
      ['url', 12],
    ]);
  });
});

describe('checkDraft', () => {
  const base = { url: '', mediaId: null, rows: [] };
  it('needs an http(s) address for a web page', () => {
    expect(checkDraft({ ...base, mode: 'url', url: 'example.com' })).toEqual({
      ok: false,
      errors: { url: CONTENT_MESSAGES.url },
    });
    expect(checkDraft({ ...base, mode: 'url', url: ' https://example.com/menu ' })).toEqual({
      ok: true,
      content: [{ type: 'url', src: 'https://example.com/menu' }],
    });
  });

  it('needs a chosen media file', () => {
    expect(checkDraft({ ...base, mode: 'media' })).toEqual({
      ok: false,
      errors: { mediaId: CONTENT_MESSAGES.media },
    });
    expect(checkDraft({ ...base, mode: 'media', mediaId: 'm1' })).toEqual({
      ok: true,
      content: [{ src: 'm1' }],
    });
  });

  it('checks every playlist row and converts seconds to durationMs', () => {
    expect(checkDraft({ ...base, mode: 'playlist' })).toEqual({
      ok: false,
      errors: { rows: CONTENT_MESSAGES.empty },
    });
    const rows = [
      { key: 'a', kind: 'media' as const, src: '', mediaId: 'm1', seconds: 5 },
      { key: 'b', kind: 'url' as const, src: 'https://a.example/', mediaId: null, seconds: 0 },
    ];
    expect(checkDraft({ ...base, mode: 'playlist', rows })).toEqual({
      ok: false,
      errors: { b: CONTENT_MESSAGES.seconds },
    });
    rows[1]!.seconds = 7.5;
    expect(checkDraft({ ...base, mode: 'playlist', rows })).toEqual({
      ok: true,
      content: [
        { src: 'm1', durationMs: 5000 },
        { type: 'url', src: 'https://a.example/', durationMs: 7500 },
      ],
    });
  });
});
