// Where a realtime path lies: every path names a document (players/{id}) or a place inside it, so a listen never
// spans organisations and a write is always one read-modify-write of one document.

import { RealtimeValidationError, describePath, joinPath, validatePath } from '@marquee/protocol';

/** Number of leading path segments that name a document: players/{id}. */
export const DOCUMENT_DEPTH = 2;

/** Never modified once located (a connection reuses the location of a path it writes again). */
export interface DocumentLocation {
  /** Every segment of the path. */
  readonly segments: readonly string[];
  /** Normalized path: no leading, trailing or repeated slashes. */
  readonly path: string;
  readonly docPath: string;
  /** Segments below the document. */
  readonly relative: readonly string[];
  /**
   * The pub/sub topic of the document, made with the location: a connection keeps its location for its next writes,
   * and a topic built at every write is a string to flatten and hash again for the subscriptions' lookup.
   */
  readonly topic: string;
}

/** The pub/sub topic on which the changes of the document at `docPath` are published. */
export function topicFor(docPath: string): string {
  return `realtime:${docPath}`;
}

/** Validates `path` (invalid_path) and splits it into its document and the rest. */
export function locateInDocument(path: string): DocumentLocation {
  const segments = validatePath(path);
  if (segments.length < DOCUMENT_DEPTH) {
    throw new RealtimeValidationError(
      'invalid_path',
      `Invalid path ${describePath(segments)}: a path must name a document such as players/{id} or a place inside it`,
      joinPath(segments),
    );
  }
  const docPath = joinPath(segments.slice(0, DOCUMENT_DEPTH));
  return {
    segments,
    path: joinPath(segments),
    docPath,
    relative: segments.slice(DOCUMENT_DEPTH),
    topic: topicFor(docPath),
  };
}
