// The tags the studio can suggest without asking the server for every tag: those on the screens in view and
// those groups match on.

import type { Group, Screen } from '../api/types';

export function knownTagsOf(screens: readonly Screen[], groups: readonly Group[]): string[] {
  const tags = new Set<string>();
  for (const screen of screens) for (const tag of screen.tags) tags.add(tag);
  for (const group of groups) for (const tag of group.matchTags) tags.add(tag);
  return [...tags].sort();
}
