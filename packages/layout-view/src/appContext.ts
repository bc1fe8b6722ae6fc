// What an operator's HTML app learns from getContext() (docs/apps.md §`getContext()`): the screen, its time zone, the
// app's own box and the operator's configuration. Worked out at the moment of the call, so an app that asks again
// after a rotation or a resize gets the box it has now.

import type { AppDataScreen } from '@marquee/protocol';

export type AppOrientation = 'landscape' | 'portrait';

export interface AppContext {
  /** Null on a player that has not been told its screen yet (an older server). */
  screen: { id: string; name: string; tags: string[] } | null;
  /** The screen's IANA zone. */
  timezone: string;
  orientation: AppOrientation;
  /** The app's box in CSS pixels. */
  zone: { width: number; height: number };
  /** The operator's configuration; {} when none was given. */
  config: Record<string, unknown>;
}

export interface AppConfigReading {
  config: Record<string, unknown>;
  /** Why the stored text was not used; null when it was (or there was none). */
  problem: string | null;
}

/** The configuration in an app's JSON text. Anything but a JSON object reads as {} with the reason, never a throw. */
export function readAppConfig(text: string | undefined): AppConfigReading {
  if (text === undefined || text === '') return { config: {}, problem: null };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { config: {}, problem: 'its configuration is not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { config: {}, problem: 'its configuration is not a JSON object' };
  }
  return { config: value as Record<string, unknown>, problem: null };
}

/** A square box counts as landscape, as a screen does. */
export function orientationOf(width: number, height: number): AppOrientation {
  return height > width ? 'portrait' : 'landscape';
}

export function appContextOf(options: {
  screen: AppDataScreen | null;
  timezone: string;
  box: { width: number; height: number };
  config: Record<string, unknown>;
}): AppContext {
  const { screen, timezone, box, config } = options;
  const width = Math.round(box.width);
  const height = Math.round(box.height);
  return {
    screen: screen === null ? null : { id: screen.id, name: screen.name, tags: screen.tags ?? [] },
    timezone,
    orientation: orientationOf(width, height),
    zone: { width, height },
    config,
  };
}
