import { describe, expect, it } from 'vitest';
import { APP_CONFIG_MESSAGE } from '../apps/appConfigText';
import { CONTENT_MESSAGES, checkDraft, checkRows, configErrorKey, draftOf } from './contentDraft';

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

describe('an app item', () => {
  const app = { type: 'app' as const, src: 'https://apps.example/', durationMs: 20_000, config: { a: 1 } };

  it('is edited as a list item, even alone, and goes back as it came', () => {
    const draft = draftOf([app]);
    expect(draft.mode).toBe('playlist');
    expect(draft.rows[0]).toMatchObject({ kind: 'app', src: app.src, seconds: 20 });
    expect(checkDraft(draft)).toEqual({ ok: true, content: [app] });
  });

  it('needs an http(s) address and a configuration that is a JSON object, each said on its own field', () => {
    const [row] = draftOf([app]).rows;
    const checked = checkRows([{ ...row!, src: 'ftp://apps.example/', config: '[1]' }]);
    expect(checked).toEqual({
      ok: false,
      errors: { [row!.key]: CONTENT_MESSAGES.url, [configErrorKey(row!.key)]: APP_CONFIG_MESSAGE },
    });
    expect(checkRows([{ ...row!, config: '' }])).toEqual({
      ok: true,
      items: [{ type: 'app', src: app.src, durationMs: 20_000 }],
    });
  });
});
