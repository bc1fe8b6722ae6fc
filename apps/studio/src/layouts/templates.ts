// Layouts to start from, each drawn for a landscape (16:9) and a portrait (9:16) screen: the zones are placed
// differently (a sidebar becomes a lower panel), their ids and contents are the same.

import type { LayoutAspect } from '@marquee/protocol';
import type { Rect } from './geometry';
import {
  appContent,
  newZoneKey,
  playlistContent,
  type DraftZone,
  type ZoneContentDraft,
} from './layoutDraft';

interface TemplateZone {
  id: string;
  name: string;
  landscape: Rect;
  portrait: Rect;
  content: () => ZoneContentDraft;
}

export interface LayoutTemplate {
  id: string;
  name: string;
  description: string;
  zones: TemplateZone[];
}

const rect = (x: number, y: number, width: number, height: number): Rect => ({ x, y, width, height });

export const LAYOUT_TEMPLATES: readonly LayoutTemplate[] = [
  {
    id: 'full',
    name: 'Full screen',
    description: 'One playlist on the whole screen',
    zones: [
      {
        id: 'main',
        name: 'Main',
        landscape: rect(0, 0, 100, 100),
        portrait: rect(0, 0, 100, 100),
        content: playlistContent,
      },
    ],
  },
  {
    id: 'sidebar',
    name: 'Main + sidebar',
    description: 'A playlist, and a second one beside it',
    zones: [
      {
        id: 'main',
        name: 'Main',
        landscape: rect(0, 0, 75, 100),
        portrait: rect(0, 0, 100, 75),
        content: playlistContent,
      },
      {
        id: 'sidebar',
        name: 'Sidebar',
        landscape: rect(75, 0, 25, 100),
        portrait: rect(0, 75, 100, 25),
        content: playlistContent,
      },
    ],
  },
  {
    id: 'ticker',
    name: 'Main + bottom ticker',
    description: 'A playlist over a scrolling line of text',
    zones: [
      {
        id: 'main',
        name: 'Main',
        landscape: rect(0, 0, 100, 88),
        portrait: rect(0, 0, 100, 93),
        content: playlistContent,
      },
      {
        id: 'ticker',
        name: 'Ticker',
        landscape: rect(0, 88, 100, 12),
        portrait: rect(0, 93, 100, 7),
        content: () => appContent('ticker'),
      },
    ],
  },
  {
    id: 'menu',
    name: 'Menu board',
    description: 'Video on the left, prices on the right, a ticker along the bottom',
    zones: [
      {
        id: 'video',
        name: 'Video',
        landscape: rect(0, 0, 60, 88),
        portrait: rect(0, 0, 100, 45),
        content: playlistContent,
      },
      {
        id: 'prices',
        name: 'Prices',
        landscape: rect(60, 0, 40, 88),
        portrait: rect(0, 45, 100, 45),
        content: playlistContent,
      },
      {
        id: 'ticker',
        name: 'Ticker',
        landscape: rect(0, 88, 100, 12),
        portrait: rect(0, 90, 100, 10),
        content: () => appContent('ticker', 'Ask about today’s specials'),
      },
    ],
  },
  {
    id: 'lobby',
    name: 'Lobby',
    description: "The company feed, a clock and today's visitors",
    zones: [
      {
        id: 'feed',
        name: 'Feed',
        landscape: rect(0, 0, 65, 100),
        portrait: rect(0, 15, 100, 55),
        content: () => appContent('feed'),
      },
      {
        id: 'clock',
        name: 'Clock',
        landscape: rect(65, 0, 35, 30),
        portrait: rect(0, 0, 100, 15),
        content: () => appContent('clock'),
      },
      {
        id: 'visitors',
        name: 'Visitors',
        landscape: rect(65, 30, 35, 70),
        portrait: rect(0, 70, 100, 30),
        content: () => appContent('text', 'Welcome, visitors'),
      },
    ],
  },
];

/** The template's zones for a screen of `aspect`, stacked in their order. */
export function zonesOf(template: LayoutTemplate, aspect: LayoutAspect): DraftZone[] {
  return template.zones.map((zone, index) => ({
    key: newZoneKey(),
    id: zone.id,
    name: zone.name,
    ...zone[aspect],
    z: index,
    content: zone.content(),
  }));
}
