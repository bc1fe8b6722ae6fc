// A change to a screen is written to the screens row first (conditionally on the content version read, so two
// concurrent changes never hand out one version twice), then to players/{id} in ONE document update, so the player
// sees name, settings and manifest change together.

import type { Kysely } from 'kysely';
import type { ScreenSettings } from '@marquee/management-api';
import { playerDocumentPath } from '@marquee/protocol';
import type { Database, Screen } from '../db/schema';
import { notFound } from '../domain/errors';
import { mediaKind, type MediaCatalog } from '../media/mediaCatalog';
import type { DocumentStore } from '../realtime/documentStore';
import {
  buildItems,
  manifestOf,
  nextContent,
  parseStoredContent,
  type ContentSource,
  type StoredContent,
} from './content';
import { parseScreenSettings } from './screenSettings';

/** Tries of a conditional screen update that lost to a concurrent change. */
const UPDATE_ATTEMPTS = 10;

export interface ScreenChange {
  name?: string;
  settings?: ScreenSettings;
  /** New content sources; `rebuild` rebuilds the manifest of the current ones (a media file changed). */
  sources?: ContentSource[];
  rebuild?: boolean;
}

export interface ScreenChangeDeps {
  db: Kysely<Database>;
  documents: DocumentStore;
  media: MediaCatalog;
  clock: () => number;
  publicUrl: string;
}

function mediaIdsOfSources(sources: readonly ContentSource[]): string[] {
  return [...new Set(sources.flatMap((source) => ('mediaId' in source ? [source.mediaId] : [])))];
}

/** Applies `change` to the screen (row, then the player's document) and returns the updated row. */
export async function applyScreenChange(
  deps: ScreenChangeDeps,
  screenId: string,
  change: ScreenChange,
): Promise<Screen> {
  const { db, documents, media, clock, publicUrl } = deps;
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
    const row = await db.selectFrom('screens').selectAll().where('id', '=', screenId).executeTakeFirst();
    if (row === undefined) throw notFound('SCREEN_NOT_FOUND', `No screen ${screenId} in your organisation`);
    const current = parseStoredContent(row.content, row.content_version);
    let content: StoredContent = current;
    let contentChanged = false;
    if (change.sources !== undefined || change.rebuild) {
      const assigned = change.sources ?? current.sources;
      const files = await media.refs(row.org_id, mediaIdsOfSources(assigned));
      // A media source's type follows its file (replaced bytes may be another kind).
      const sources = assigned.map((source) => {
        const file = 'mediaId' in source ? files.get(source.mediaId) : undefined;
        return file === undefined ? source : { ...source, type: mediaKind(file.contentType) };
      });
      ({ content, changed: contentChanged } = nextContent(
        current,
        sources,
        buildItems(sources, files, publicUrl),
      ));
    }
    const settings = { ...parseScreenSettings(row.settings), ...change.settings };
    const name = change.name ?? row.name;
    const updatedAt = clock();
    const result = await db
      .updateTable('screens')
      .set({
        name,
        settings: JSON.stringify(settings),
        content: JSON.stringify(content),
        content_version: content.version,
        updated_at: updatedAt,
      })
      .where('id', '=', row.id)
      .where('content_version', '=', row.content_version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) continue;

    if (row.player_id !== null) {
      const updates: Record<string, unknown> = {};
      if (change.name !== undefined) updates['settings/name'] = change.name;
      for (const [key, value] of Object.entries(change.settings ?? {})) {
        if (value !== undefined) updates[`settings/${key}`] = value;
      }
      if (contentChanged) updates['app/data'] = manifestOf(content);
      if (Object.keys(updates).length > 0) await documents.update(playerDocumentPath(row.player_id), updates);
    }
    return {
      ...row,
      name,
      settings: JSON.stringify(settings),
      content: JSON.stringify(content),
      content_version: content.version,
      updated_at: updatedAt,
    };
  }
  throw new Error(`Screen ${screenId} changed concurrently ${UPDATE_ATTEMPTS} times`);
}
