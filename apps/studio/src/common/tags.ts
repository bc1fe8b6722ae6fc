// Screen tags as the API takes them (docs/schedules.md §Model): lower-case words, at most 20. What an operator
// types is lower-cased and trimmed first, so 'Kitchen ' is the tag 'kitchen'.

import { MAX_TAGS, TAG_PATTERN } from '../constants';

export const TAG_RULE = "Tags are lower-case words: a-z, 0-9 and '-', up to 32 characters";

export function normaliseTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter((tag) => tag !== ''))];
}

/** What is wrong with the tags, or null. */
export function tagsProblem(tags: readonly string[]): string | null {
  const bad = tags.find((tag) => !TAG_PATTERN.test(tag));
  if (bad !== undefined) return `'${bad}' is not a tag. ${TAG_RULE}.`;
  if (tags.length > MAX_TAGS) return `At most ${MAX_TAGS} tags`;
  return null;
}
