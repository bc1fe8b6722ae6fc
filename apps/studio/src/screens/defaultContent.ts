// A screen's default content by name, when it is a saved playlist or layout (null: its own items).

import type { NamedRef, Screen } from '../api/types';
import type { ShownContent } from '../common/shownContent';

export function defaultContentOf(
  screen: Pick<Screen, 'defaultPlaylistId' | 'defaultLayoutId'>,
  playlists: readonly NamedRef[],
  layouts: readonly NamedRef[],
): ShownContent | null {
  const named = (kind: ShownContent['kind'], id: string, refs: readonly NamedRef[]): ShownContent => ({
    kind,
    id,
    name: refs.find((ref) => ref.id === id)?.name ?? '',
  });
  if (screen.defaultLayoutId !== null) return named('layout', screen.defaultLayoutId, layouts);
  if (screen.defaultPlaylistId !== null) return named('playlist', screen.defaultPlaylistId, playlists);
  return null;
}
