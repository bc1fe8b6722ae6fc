// Editing a playlist: its name and its items (web pages and media files, each with a duration), reordered by drag;
// checked before it is sent, and the server's refusal shown on the item or field it names.

import { useState } from 'react';
import { arrayMove } from '@dnd-kit/sortable';
import { ApiError } from '../api/client';
import { useUpdatePlaylist } from '../api/playlists';
import type { Playlist } from '../api/types';
import { fieldErrorsOf, type FieldErrors } from '../common/fieldErrors';
import { nameProblem } from '../common/names';
import {
  DEFAULT_ITEM_SECONDS,
  checkRows,
  configErrorKey,
  newRowKey,
  rowOf,
  type DraftRow,
} from '../screens/contentDraft';

/** Where an API error naming an item goes ('items.2.src' → the third row, 'items.2.config' → its config), or null. */
function errorKeyOf(error: unknown, rows: readonly DraftRow[]): string | null {
  const match = error instanceof ApiError ? /^items\.(\d+)(\.config)?/.exec(error.field ?? '') : null;
  const row = match === null ? undefined : rows[Number(match[1])];
  if (row === undefined) return null;
  return match?.[2] === undefined ? row.key : configErrorKey(row.key);
}

export function usePlaylistEditor(playlist: Playlist, onSaved: () => void) {
  const [name, setName] = useState(playlist.name);
  const [rows, setRows] = useState<DraftRow[]>(() => playlist.items.map(rowOf));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdatePlaylist(playlist.id);

  const save = () => {
    const problem = nameProblem(name, 'Breakfast menu');
    const checked = checkRows(rows);
    if (problem !== null || !checked.ok) {
      setErrors({ ...(problem === null ? {} : { name: problem }), ...(checked.ok ? {} : checked.errors) });
      return;
    }
    setErrors({});
    update.mutate(
      { name: name.trim(), items: checked.items },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const key = errorKeyOf(error, rows);
          setErrors(key === null ? fieldErrorsOf(error, ['name']) : { [key]: error.message });
        },
      },
    );
  };

  return {
    name,
    rows,
    errors,
    saving: update.isPending,
    totalSeconds: rows.reduce((sum, row) => sum + (Number.isFinite(row.seconds) ? row.seconds : 0), 0),
    setName,
    add: (kind: DraftRow['kind']) =>
      setRows((current) => [
        ...current,
        { key: newRowKey(), kind, src: '', mediaId: null, seconds: DEFAULT_ITEM_SECONDS },
      ]),
    change: (key: string, change: Partial<DraftRow>) => {
      setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
      // An app's configuration is checked as it is typed: a refusal of the old text no longer holds.
      if (change.config !== undefined) {
        setErrors(({ [configErrorKey(key)]: _gone, ...rest }) => rest);
      }
    },
    remove: (key: string) => setRows((current) => current.filter((row) => row.key !== key)),
    /** Moves the row `from` to where the row `to` is (a drop). */
    move: (from: string, to: string) =>
      setRows((current) => {
        const oldIndex = current.findIndex((row) => row.key === from);
        const newIndex = current.findIndex((row) => row.key === to);
        return oldIndex < 0 || newIndex < 0 ? current : arrayMove(current, oldIndex, newIndex);
      }),
    save,
  };
}

export type PlaylistEditor = ReturnType<typeof usePlaylistEditor>;
