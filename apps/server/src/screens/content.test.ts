import { describe, expect, it } from 'vitest';
import { ContentInputSchema } from '@marquee/management-api';
import { DomainError } from '../domain/errors';
import { mediaUrl, type MediaRef } from '../media/mediaCatalog';
import {
  DEFAULT_ITEM_DURATION_MS,
  buildItems,
  emptyContent,
  mediaIdsOf,
  nextContent,
  parseStoredContent,
  resolveSources,
} from './content';

const IMAGE: MediaRef = {
  id: 'a'.repeat(25),
  contentType: 'image/png',
  sha256: '0123456789abcdef'.repeat(4),
};
const VIDEO: MediaRef = { id: 'b'.repeat(25), contentType: 'video/webm', sha256: 'f'.repeat(64) };
const media = new Map([IMAGE, VIDEO].map((file) => [file.id, file]));
const BASE = 'https://signs.example.com';

function domainError(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('resolveSources and buildItems', () => {
  it('turns URLs and media ids into manifest items, media URLs versioned by their hash', () => {
    const input = ContentInputSchema.parse([
      { src: 'https://example.com/page', durationMs: 5000 },
      { src: IMAGE.id },
      { src: VIDEO.id, type: 'video', durationMs: 30000 },
      { src: 'http://intranet.local/', type: 'url' },
    ]);
    expect(mediaIdsOf(input)).toEqual([IMAGE.id, VIDEO.id]);
    const sources = resolveSources(input, media);
    expect(sources).toEqual([
      { type: 'url', durationMs: 5000, src: 'https://example.com/page' },
      { type: 'image', durationMs: DEFAULT_ITEM_DURATION_MS, mediaId: IMAGE.id },
      { type: 'video', durationMs: 30000, mediaId: VIDEO.id },
      { type: 'url', durationMs: DEFAULT_ITEM_DURATION_MS, src: 'http://intranet.local/' },
    ]);
    expect(buildItems(sources, media, BASE)).toEqual([
      { type: 'url', src: 'https://example.com/page', durationMs: 5000 },
      {
        type: 'image',
        src: `${BASE}/media/${IMAGE.id}?v=0123456789abcdef`,
        durationMs: DEFAULT_ITEM_DURATION_MS,
      },
      { type: 'video', src: `${BASE}/media/${VIDEO.id}?v=ffffffffffffffff`, durationMs: 30000 },
      { type: 'url', src: 'http://intranet.local/', durationMs: DEFAULT_ITEM_DURATION_MS },
    ]);
    expect(mediaUrl(BASE, IMAGE)).toBe(`${BASE}/media/${IMAGE.id}?v=0123456789abcdef`);
  });

  it('refuses what is neither a URL nor a media id of the organisation, naming the item', () => {
    const unknown = domainError(() => resolveSources([{ src: 'c'.repeat(25) }], media));
    expect(unknown).toMatchObject({ kind: 'invalid', code: 'INVALID_CONTENT', field: 'content.0.src' });
    expect(
      domainError(() => resolveSources([{ src: 'https://x.example' }, { src: 'javascript:alert(1)' }], media))
        .field,
    ).toBe('content.1.src');
    expect(domainError(() => resolveSources([{ src: IMAGE.id, type: 'url' }], media)).field).toBe(
      'content.0.type',
    );
  });

  it("keeps an app item's configuration and hands it to the player as JSON text", () => {
    const config = { greeting: 'Hi', doneAfterMs: 1500 };
    const input = ContentInputSchema.parse([{ type: 'app', src: 'https://apps.example/', config }]);
    const sources = resolveSources(input, media);
    expect(sources).toEqual([
      { type: 'app', durationMs: DEFAULT_ITEM_DURATION_MS, src: 'https://apps.example/', config },
    ]);
    expect(buildItems(sources, media, BASE)).toEqual([
      {
        type: 'app',
        src: 'https://apps.example/',
        durationMs: DEFAULT_ITEM_DURATION_MS,
        config: JSON.stringify(config),
      },
    ]);
  });

  it('checks built items against the manifest schema', () => {
    const error = domainError(() =>
      buildItems([{ type: 'url', durationMs: 1000, src: 'https://exa mple.com' }], media, BASE),
    );
    expect(error).toMatchObject({ kind: 'invalid', field: 'content.0.src' });
  });

  it('takes the kind of a replaced file from its bytes and leaves out deleted files', () => {
    const replaced = new Map([[IMAGE.id, { ...IMAGE, contentType: 'video/mp4' }]]);
    const sources = [
      { type: 'image' as const, durationMs: 1000, mediaId: IMAGE.id },
      { type: 'video' as const, durationMs: 1000, mediaId: VIDEO.id },
    ];
    expect(buildItems(sources, replaced, BASE)).toEqual([
      { type: 'video', src: mediaUrl(BASE, IMAGE), durationMs: 1000 },
    ]);
  });
});

describe('nextContent and the stored column', () => {
  it('raises the version only when the items change', () => {
    const current = {
      version: 4,
      items: [{ type: 'url' as const, src: 'https://a.example', durationMs: 1 }],
      sources: [],
    };
    expect(
      nextContent(
        current,
        [],
        current.items.map((item) => ({ ...item })),
      ),
    ).toMatchObject({
      changed: false,
      content: { version: 4 },
    });
    expect(nextContent(current, [], [])).toMatchObject({ changed: true, content: { version: 5, items: [] } });
  });

  it('reads rows leniently', () => {
    expect(parseStoredContent('{}', 0)).toEqual(emptyContent(1));
    expect(parseStoredContent('not json', 3)).toEqual(emptyContent(3));
    expect(parseStoredContent(JSON.stringify({ version: 7, items: [], sources: [] }), 1).version).toBe(7);
  });
});
