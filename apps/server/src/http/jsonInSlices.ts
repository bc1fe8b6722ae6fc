// The JSON text of an answer holding a long list, made a slice of the list per turn of the event loop. Serialized at
// once (the route's schema checked against it, then JSON.stringify), a bulk command's answer for 20,000 screens held
// the loop for 20 to 70 ms, with every player of the node waiting. The answer's type is the contract's, so the text
// is what the schema describes; the list comes last in the object.

import { nextTurn } from '../eventLoop';

/** Items of the list serialized per turn. */
export const JSON_SLICE = 2000;

/** `answer` as JSON, its `list` member serialized `slice` items per turn of the event loop. */
export async function jsonInSlices<T extends object, K extends keyof T & string>(
  answer: T,
  list: K,
  slice = JSON_SLICE,
): Promise<string> {
  const items = answer[list];
  if (!Array.isArray(items)) throw new TypeError(`${list} is not a list`);
  const rest = JSON.stringify({ ...answer, [list]: undefined });
  const parts: string[] = [];
  for (let start = 0; start < items.length; start += slice) {
    if (start > 0) await nextTurn();
    // JSON.stringify of each slice, without its brackets: the items joined by commas.
    parts.push(JSON.stringify(items.slice(start, start + slice)).slice(1, -1));
  }
  const head = rest === '{}' ? '{' : `${rest.slice(0, -1)},`;
  return `${head}${JSON.stringify(list)}:[${parts.join(',')}]}`;
}
