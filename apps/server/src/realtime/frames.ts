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
 * The requests a fleet sends most (each screen's writes, and at every connection its auth, listens and onDisconnect
 * actions), recognised without the schema: null unless ClientMessageSchema would accept `value` as such a request,
 * and then what it would give (frames.test.ts compares the two), without the schema's allocations on every frame.
 * Anything else, or anything this is not sure of, goes through the schema.
 */
function plainRequest(value: unknown): ClientMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  const { r, t, path } = message;
  if (typeof r !== 'number' || !Number.isSafeInteger(r) || r < 0) return null;
  if (t === 'auth') return typeof message.token === 'string' ? { r, t, token: message.token } : null;
  if (typeof path !== 'string' || path.length > REALTIME_MAX_PATH_CHARS) return null;
  const written = message.value;
  switch (t) {
    case 'set':
      return written === undefined ? null : { r, t, path, value: written };
    case 'listen':
    case 'unlisten':
    case 'get':
    case 'remove':
      return { r, t, path };
    case 'od': {
      const { action } = message;
      if (action !== 'set' && action !== 'update' && action !== 'cancel') return null;
      return written === undefined ? { r, t, action, path } : { r, t, action, path, value: written };
    }
    default:
      return null;
  }
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
  const plain = plainRequest(value);
  if (plain !== null) return { kind: 'request', request: plain };
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
