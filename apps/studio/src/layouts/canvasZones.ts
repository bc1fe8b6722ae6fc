// The zones as the canvas draws them: each with what it shows in a few words, and flagged when its place breaks
// the rules (outside the screen, an empty size).

import type { Playlist } from '../api/types';
import type { FieldErrors } from '../common/fieldErrors';
import { APP_LABELS } from './appDraft';
import type { CanvasZone } from './LayoutCanvas';
import type { DraftZone } from './layoutDraft';

const PLACE_FIELDS = ['x', 'y', 'width', 'height'];

export function canvasZones(
  zones: readonly DraftZone[],
  errors: FieldErrors,
  playlists: readonly Playlist[],
): CanvasZone[] {
  const names = new Map(playlists.map((playlist) => [playlist.id, playlist.name]));
  return zones.map((zone, index) => ({
    ...zone,
    label:
      zone.content.kind === 'app'
        ? APP_LABELS[zone.content.app.type]
        : zone.content.playlistId === null
          ? 'No playlist yet'
          : (names.get(zone.content.playlistId) ?? 'Playlist'),
    flagged: PLACE_FIELDS.some((field) => errors[`zones.${index}.${field}`] !== undefined),
  }));
}
