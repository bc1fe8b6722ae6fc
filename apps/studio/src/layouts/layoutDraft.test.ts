import { describe, expect, it } from 'vitest';
import { LAYOUT_ASPECTS } from '@marquee/protocol';
import { appContent, checkLayout, errorKeyOf, playlistContent, restack, type DraftZone } from './layoutDraft';
import { LAYOUT_TEMPLATES, zonesOf } from './templates';

const zone = (id: string, z: number, patch: Partial<DraftZone> = {}): DraftZone => ({
  key: id,
  id,
  name: '',
  x: 0,
  y: 0,
  width: 50,
  height: 50,
  z,
  content: playlistContent('pl1'),
  ...patch,
});

describe('checkLayout', () => {
  it('sends only the chosen app type’s options, and the zones as placed', () => {
    const check = checkLayout({
      name: ' Lobby ',
      aspect: 'portrait',
      background: '#112233',
      zones: [zone('clock', 0, { name: 'Clock', content: appContent('clock') }), zone('main', 1)],
    });
    expect(check).toEqual({
      ok: true,
      body: {
        name: 'Lobby',
        aspect: 'portrait',
        background: '#112233',
        zones: [
          {
            id: 'clock',
            name: 'Clock',
            x: 0,
            y: 0,
            width: 50,
            height: 50,
            z: 0,
            content: {
              app: {
                type: 'clock',
                format: '24h',
                showDate: true,
                showSeconds: false,
                color: '#ffffff',
                background: '#000000',
              },
            },
          },
          { id: 'main', x: 0, y: 0, width: 50, height: 50, z: 1, content: { playlistId: 'pl1' } },
        ],
      },
    });
  });

  it('names each broken rule by the API’s field', () => {
    const check = checkLayout({
      name: '',
      aspect: 'landscape',
      background: '#000000',
      zones: [
        zone('a', 0, { x: 60 }),
        zone('a', 1, { content: playlistContent(null) }),
        zone('b c', 2, { content: appContent('qr') }),
      ],
    });
    expect(check.ok ? {} : check.errors).toMatchObject({
      name: expect.any(String),
      'zones.0.width': 'Outside the screen: x + width is more than 100',
      'zones.1.id': "Another zone is called 'a'",
      'zones.1.playlistId': 'Choose a playlist, or an app',
      'zones.2.id': "1-40 letters, digits, '-' or '_'",
      'zones.2.url': 'Type the address, https://…',
    });
  });
});

describe('errorKeyOf', () => {
  it("maps the server's field to the editor's input", () => {
    expect(errorKeyOf('zones.3.width')).toBe('zones.3.width');
    expect(errorKeyOf('zones.2.content.app.url')).toBe('zones.2.url');
    expect(errorKeyOf('zones.2.content.app.config.room')).toBe('zones.2.config');
    expect(errorKeyOf('zones.0.content.playlistId')).toBe('zones.0.playlistId');
    expect(errorKeyOf('zones')).toBe('zones');
    expect(errorKeyOf('name')).toBe('name');
  });
});

describe('restack', () => {
  it('swaps a zone with its neighbour in the stacking order', () => {
    const zones = [zone('a', 0), zone('b', 5), zone('c', 9)];
    expect(restack(zones, 'a', 1).map((z) => [z.id, z.z])).toEqual([
      ['a', 1],
      ['b', 0],
      ['c', 2],
    ]);
    expect(restack(zones, 'c', 1).map((z) => z.z)).toEqual([0, 5, 9]);
  });
});

describe('templates', () => {
  it('are valid layouts in both aspects once their playlists and feeds are chosen', () => {
    for (const template of LAYOUT_TEMPLATES)
      for (const aspect of LAYOUT_ASPECTS) {
        const zones = zonesOf(template, aspect).map((z) =>
          z.content.kind === 'playlist'
            ? { ...z, content: playlistContent('pl1') }
            : {
                ...z,
                content: { kind: 'app' as const, app: { ...z.content.app, url: 'https://feed.example/rss' } },
              },
        );
        const check = checkLayout({ name: template.name, aspect, background: '#000000', zones });
        expect(check.ok ? null : check.errors, `${template.id} ${aspect}`).toBeNull();
      }
  });
});
