// What the screens list says a screen shows: its current source (an emergency, a schedule, a default playlist)
// by name, else its own items ('1 image', 'Playlist of 3', 'Nothing yet').

import type { Screen } from '../api/types';

export function showingOf(screen: Screen): string {
  const { current } = screen.timeline;
  if (current.kind === 'override') return `Emergency: ${current.name}`;
  if (current.kind === 'schedule') return `Scheduled: ${current.name}`;
  if (current.kind === 'default' && current.id !== null) return `Playlist: ${current.name}`;
  const items = screen.content.items;
  if (items.length === 0) return 'Nothing yet';
  if (items.length === 1) return `1 ${items[0]?.type === 'url' ? 'web page' : items[0]?.type}`;
  return `Playlist of ${items.length}`;
}
