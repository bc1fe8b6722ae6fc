// Parsing of incoming realtime frames: a JSON text frame that is one request of the protocol, or garbage with a
// readable reason (and the request id when one can be read, so the answer still reaches the caller).

import { ClientMessageSchema, REALTIME_MAX_PATH_CHARS, type ClientMessage } from '@marquee/protocol';
import { issueProblem, type SchemaIssue } from './schemaIssues';

export type ParsedFrame =
  { kind: 'request'; request: ClientMessage } | { kind: 'garbage'; r?: number; message: string };

const MAX_QUOTED_FIELD = 60;

function requestIdOf(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const r = (value as { r?: unknown }).r;
  return typeof r === 'number' && Number.isSafeInteger(r) && r >= 0 ? r : undefined;
}

// A request's field, quoted, and what is wrong with it.
function describeIssue(issue: SchemaIssue): string {
  const field = issue.path.map(String).join('.').slice(0, MAX_QUOTED_FIELD);
  if (field === '')
    return issue.code === 'invalid_type' ? 'a request must be a JSON object' : 'not a request';
  return `"${field}" ${issueProblem(issue)}`;
}

/**
 * A set, the request a fleet sends most (each screen's status, its name), recognised without the schema: null
 * unless ClientMessageSchema would accept `value` as a set, and then what it would give (frames.test.ts compares
 * the two), without the schema's allocations on every write.
 */
function plainSet(value: unknown): ClientMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const { r, t, path, value: written } = value as Record<string, unknown>;
  if (t !== 'set' || typeof r !== 'number' || !Number.isSafeInteger(r) || r < 0) return null;
  if (typeof path !== 'string' || path.length > REALTIME_MAX_PATH_CHARS || written === undefined) return null;
  return { r, t, path, value: written };
}

/** `data` as received from ws: text frames are UTF-8 (ws has checked), binary frames are refused. */
export function parseFrame(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): ParsedFrame {
  if (isBinary) return { kind: 'garbage', message: 'Invalid request: frames must be JSON text' };
  const text = Buffer.isBuffer(data)
    ? data.toString('utf8')
    : Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data).toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'garbage', message: 'Invalid request: the frame is not JSON' };
  }
  const set = plainSet(value);
  if (set !== null) return { kind: 'request', request: set };
  const parsed = ClientMessageSchema.safeParse(value);
  if (parsed.success) {
    const request = parsed.data;
    // zod rebuilds records, and a "__proto__" member would be lost on the way (or become the prototype): the
    // value rules must see the value exactly as it was sent, to refuse such keys.
    if ('value' in request) request.value = (value as { value: never }).value;
    return { kind: 'request', request };
  }
  const r = requestIdOf(value);
  const issue = parsed.error.issues[0];
  const message = `Invalid request: ${issue === undefined ? 'not a request' : describeIssue(issue as SchemaIssue)}`;
  return r === undefined ? { kind: 'garbage', message } : { kind: 'garbage', r, message };
}
