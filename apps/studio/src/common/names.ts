// The names of playlists, groups, schedules and overrides: not empty, at most 120 characters.

import { NAME_MAX_LENGTH } from '../constants';

export function nameProblem(name: string, example: string): string | null {
  if (name.trim() === '') return `Give it a name, e.g. ${example}`;
  if (name.trim().length > NAME_MAX_LENGTH) return `A name has at most ${NAME_MAX_LENGTH} characters`;
  return null;
}
