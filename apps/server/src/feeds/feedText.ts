// A feed's HTML fields brought down to what a screen may show (docs/layouts.md §Feeds): plain text with every tag
// removed and entities decoded, and image addresses that are http(s) only. Parsing is left to maintained HTML
// parsers (html-to-text, htmlparser2), never to regular expressions, so hostile markup cannot slip through.

import { convert, type SelectorDefinition } from 'html-to-text';
import { DomUtils, parseDocument } from 'htmlparser2';
import { URL_MAX_LENGTH } from '@marquee/protocol';

/** Elements whose content is never text a reader sees. */
const SKIPPED = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'img',
];

const SELECTORS: SelectorDefinition[] = [
  ...SKIPPED.map((selector) => ({ selector, format: 'skip' })),
  // A link shows its words, never its address (javascript: or otherwise).
  { selector: 'a', options: { ignoreHref: true } },
];

/**
 * How much of a field's HTML is read per character of text kept: markup rarely outweighs words eightfold, and
 * converting a whole article to keep 2000 characters costs the server seconds on a large feed. A cut mid-tag is
 * harmless: the parser is forgiving and only text comes out.
 */
const HTML_READ_PER_TEXT_CHARACTER = 8;
/** How far into a field the first <img> is looked for. */
const IMAGE_SEARCH_LENGTH = 64 * 1024;

/** `html` as one line of plain text of at most `max` characters (cut at a word with an ellipsis). */
export function plainText(html: string | null | undefined, max: number): string {
  if (html === null || html === undefined || html === '') return '';
  const read = html.slice(0, max * HTML_READ_PER_TEXT_CHARACTER);
  const text = convert(read, { wordwrap: false, selectors: SELECTORS }).replace(/\s+/g, ' ').trim();
  return bounded(text, max);
}

/** `text` cut to `max` characters, at the last space when there is one near the end. */
export function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** `value` as an absolute http(s) address, resolved against `base`; null for anything else. */
export function httpAddress(value: string | null | undefined, base?: string | null): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(value.trim(), base ?? undefined);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const href = url.href;
  return href.length <= URL_MAX_LENGTH ? href : null;
}

/** The first <img>'s http(s) address in `html`, resolved against `base`; null when there is none. */
export function firstImage(html: string | null | undefined, base?: string | null): string | null {
  if (html === null || html === undefined || html === '') return null;
  const document = parseDocument(html.slice(0, IMAGE_SEARCH_LENGTH));
  const image = DomUtils.findOne(
    (element) => element.name === 'img' && httpAddress(element.attribs.src, base) !== null,
    document.children,
  );
  return image === null ? null : httpAddress(image.attribs.src, base);
}
