// What the content player makes of app/data: the stored value may carry arrays as index-keyed objects and loses
// `items` altogether when the list is empty (the realtime store drops empty arrays). A bad item is skipped and
// reported instead of failing the whole manifest, so one broken entry never blanks the screen. A timeline
// (docs/schedules.md §Player timeline) that cannot be followed is reported the same way, and the items play.

import {
  AppDataItemSchema,
  AppDataScreenSchema,
  normalizeForWrite,
  restoreArrays,
  type AppDataItem,
  type AppDataScreen,
} from '@marquee/protocol';
import { parseTimeline, type PlayerTimeline } from './timeline';

export interface Manifest {
  version: number;
  /** The screen's default items: what plays without a timeline. */
  items: AppDataItem[];
  /** What decides what shows, when the server sent one. */
  timeline: PlayerTimeline | null;
  /** The paired screen, for apps' getContext() (docs/apps.md); absent from older servers' app/data. */
  screen?: AppDataScreen;
  /** Why each skipped item was skipped, for the logs. */
  skipped: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The manifest in `value` (app/data as stored or as read), or null when it is no manifest at all. */
export function parseManifest(value: unknown): Manifest | null {
  let data: unknown;
  try {
    // Through the stored form first: a value read back from the store and the same value as plain JSON (a player
    // that hands app/data on as it got it) then read alike, empty lists and nulls left for the schemas to restore.
    data = restoreArrays(normalizeForWrite(value ?? null));
  } catch {
    return null;
  }
  if (!isRecord(data)) return null;
  const { version } = data;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) return null;
  const rawItems = Array.isArray(data.items) ? data.items : [];
  const items: AppDataItem[] = [];
  const skipped: string[] = [];
  rawItems.forEach((raw, index) => {
    const parsed = AppDataItemSchema.safeParse(raw);
    if (parsed.success) items.push(parsed.data);
    else skipped.push(`item ${index + 1} is not a playable item: ${JSON.stringify(raw)}`);
  });
  let timeline: PlayerTimeline | null = null;
  if (data.timeline !== undefined && data.timeline !== null) {
    const parsed = parseTimeline(data.timeline);
    if ('problem' in parsed) skipped.push(`The timeline is not followed (${parsed.problem}); the items play`);
    else {
      timeline = parsed.timeline;
      skipped.push(...parsed.skipped);
    }
  }
  let screen: AppDataScreen | undefined;
  if (data.screen !== undefined) {
    const parsed = AppDataScreenSchema.safeParse(data.screen);
    if (parsed.success) screen = parsed.data;
    else skipped.push(`The screen in app/data is not a screen: ${JSON.stringify(data.screen)}`);
  }
  return { version, items, timeline, skipped, ...(screen === undefined ? {} : { screen }) };
}

/** Two manifests show the same thing (a re-issued timeline with a later horizon counts as new). */
export function sameManifest(a: Manifest | null, b: Manifest | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.version === b.version &&
    JSON.stringify(a.items) === JSON.stringify(b.items) &&
    JSON.stringify(a.timeline) === JSON.stringify(b.timeline) &&
    JSON.stringify(a.screen) === JSON.stringify(b.screen)
  );
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The address to load an uploaded file from. A server without MARQUEE_PUBLIC_URL writes media URLs of its default
 * origin (localhost); a screen on the LAN reaches the same server by another address, its own page's origin.
 */
export function resolveMediaSrc(src: string, pageOrigin: string): string {
  let url: URL;
  let page: URL;
  try {
    url = new URL(src);
    page = new URL(pageOrigin);
  } catch {
    return src;
  }
  if (!url.pathname.startsWith('/media/') || url.origin === page.origin) return src;
  if (!LOOPBACK.has(url.hostname) || LOOPBACK.has(page.hostname)) return src;
  return `${page.origin}${url.pathname}${url.search}`;
}
