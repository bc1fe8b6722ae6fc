// Where a realtime path lies: every request path names a document (players/{id}) or a place inside it, like the
// document store's own check, so a listen never spans organisations (see realtimeMessages.ts).

import { RealtimeValidationError, describePath, joinPath, validatePath } from '@marquee/protocol';
import { DOCUMENT_DEPTH } from './documentStore';

export interface DocumentLocation {
  /** Every segment of the path. */
  segments: string[];
  /** Normalized path: no leading, trailing or repeated slashes. */
  path: string;
  docPath: string;
  /** Segments below the document. */
  relative: string[];
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
  return {
    segments,
    path: joinPath(segments),
    docPath: joinPath(segments.slice(0, DOCUMENT_DEPTH)),
    relative: segments.slice(DOCUMENT_DEPTH),
  };
}
