// A layout as its editor holds it, and the body the API takes (docs/layouts.md): a name, an aspect to draw on, a
// background and up to 12 zones, each placed in percent of the screen and showing a playlist or a built-in app.
// Checked here by the API's own rules, keyed as the API names its fields ('zones.3.width'), so a refusal from
// either lands on the same input.

import { LAYOUT_MAX_ZONES, ZONE_ID_PATTERN, type AppType, type LayoutAspect } from '@marquee/protocol';
import type { LayoutRequest } from '@marquee/management-api';
import type { Layout } from '../api/layouts';
import type { FieldErrors } from '../common/fieldErrors';
import { nameProblem } from '../common/names';
import { appDraftOf, appProblems, appSpecOf, newAppDraft, type AppDraft } from './appDraft';
import { rectProblems, type Rect } from './geometry';

export type ZoneContentDraft =
  { kind: 'playlist'; playlistId: string | null } | { kind: 'app'; app: AppDraft };

export interface DraftZone extends Rect {
  /** Stable while editing (React's key, the selection); the zone's id may be retyped. */
  key: string;
  id: string;
  name: string;
  z: number;
  content: ZoneContentDraft;
}

export interface LayoutDraft {
  name: string;
  aspect: LayoutAspect;
  background: string;
  zones: DraftZone[];
}

let lastKey = 0;
export const newZoneKey = () => `zone-key-${++lastKey}`;

/** A zone id not yet taken: 'zone-1', 'zone-2', … */
export function freeZoneId(zones: readonly Pick<DraftZone, 'id'>[]): string {
  const taken = new Set(zones.map((zone) => zone.id));
  let n = 1;
  while (taken.has(`zone-${n}`)) n++;
  return `zone-${n}`;
}

export function playlistContent(playlistId: string | null = null): ZoneContentDraft {
  return { kind: 'playlist', playlistId };
}
export function appContent(type: AppType, text = ''): ZoneContentDraft {
  return { kind: 'app', app: newAppDraft(type, text) };
}

export function layoutDraftOf(layout: Layout): LayoutDraft {
  return {
    name: layout.name,
    aspect: layout.aspect,
    background: layout.background,
    zones: layout.zones.map((zone) => ({
      key: newZoneKey(),
      id: zone.id,
      name: zone.name,
      x: zone.x,
      y: zone.y,
      width: zone.width,
      height: zone.height,
      z: zone.z,
      content:
        'playlistId' in zone.content
          ? playlistContent(zone.content.playlistId)
          : { kind: 'app', app: appDraftOf(zone.content.app as Record<string, unknown>) },
    })),
  };
}

/** Whether an error (of a check or of the server) is one shown while editing, before any save. */
export function isLiveError(key: string): boolean {
  return /^zones(\.\d+\.(x|y|width|height|id|config))?$/.test(key);
}

/** The editor's key for a server field: 'zones.2.content.app.url' → 'zones.2.url'. */
export function errorKeyOf(field: string): string {
  const zone = /^zones\.(\d+)\.(?:content\.(?:app\.)?)?([A-Za-z]+)/.exec(field);
  return zone === null ? (field.split('.')[0] ?? field) : `zones.${zone[1]}.${zone[2]}`;
}

export type LayoutCheck = { ok: true; body: LayoutRequest } | { ok: false; errors: FieldErrors };

export function checkLayout(draft: LayoutDraft): LayoutCheck {
  const errors: FieldErrors = {};
  const name = nameProblem(draft.name, 'Menu board');
  if (name !== null) errors.name = name;
  if (draft.zones.length === 0) errors.zones = 'Add a zone';
  if (draft.zones.length > LAYOUT_MAX_ZONES) errors.zones = `A layout has at most ${LAYOUT_MAX_ZONES} zones`;
  const seen = new Set<string>();
  draft.zones.forEach((zone, index) => {
    const at = `zones.${index}`;
    if (!ZONE_ID_PATTERN.test(zone.id)) errors[`${at}.id`] = "1-40 letters, digits, '-' or '_'";
    else if (seen.has(zone.id)) errors[`${at}.id`] = `Another zone is called '${zone.id}'`;
    seen.add(zone.id);
    for (const [field, problem] of Object.entries(rectProblems(zone))) errors[`${at}.${field}`] = problem;
    if (zone.content.kind === 'playlist') {
      if (zone.content.playlistId === null) errors[`${at}.playlistId`] = 'Choose a playlist, or an app';
    } else {
      for (const [field, problem] of Object.entries(appProblems(zone.content.app)))
        errors[`${at}.${field}`] = problem;
    }
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      name: draft.name.trim(),
      aspect: draft.aspect,
      background: draft.background,
      zones: draft.zones.map((zone) => ({
        id: zone.id,
        ...(zone.name.trim() === '' ? {} : { name: zone.name.trim() }),
        x: zone.x,
        y: zone.y,
        width: zone.width,
        height: zone.height,
        z: zone.z,
        content:
          zone.content.kind === 'playlist'
            ? { playlistId: zone.content.playlistId as string }
            : { app: appSpecOf(zone.content.app) },
      })),
    },
  };
}

/** The zones with `key` moved one place up (+1) or down (-1) the stacking order; z becomes each one's place. */
export function restack(zones: readonly DraftZone[], key: string, step: 1 | -1): DraftZone[] {
  const order = [...zones].sort((a, b) => a.z - b.z);
  const from = order.findIndex((zone) => zone.key === key);
  const to = from + step;
  if (from < 0 || to < 0 || to >= order.length) return [...zones];
  [order[from], order[to]] = [order[to]!, order[from]!];
  const place = new Map(order.map((zone, index) => [zone.key, index]));
  return zones.map((zone) => ({ ...zone, z: place.get(zone.key) ?? zone.z }));
}
