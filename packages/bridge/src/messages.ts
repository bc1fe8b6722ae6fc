// The wire format of the bridge (docs/protocols/bridge.md §Messages): every message is a JSON string holding an
// object with one of these keys. Liberal in what it accepts (§Tolerances): peers built on the common open-source
// implementation omit a pong's `from`, and some add fields of their own; whatever still has a clear meaning is
// read, anything else the window receives (other libraries' messages, garbage, hostile input) yields `undefined`,
// never an exception. Strict in what it sends: encodeMessage writes exactly the documented form.

import { errorText } from './errorText';

/** Call ids are ours (numbers) on the way out; a peer's may be strings, and are echoed back as received. */
export type CallId = string | number;
/** Opaque tag of one connect attempt, echoed from ping to pong as received; ours are strings. */
export type ConnectionTag = unknown;

export type BridgeMessage =
  | { kind: 'ping'; from: string; connection?: ConnectionTag }
  // `from` null: a peer without an instance id (the common implementation's pong carries none).
  | { kind: 'pong'; to: string; from: string | null; connection?: ConnectionTag }
  | { kind: 'call'; id: CallId; method: string; args: unknown[] }
  | { kind: 'result'; id: CallId; ok: true; value: unknown }
  | { kind: 'result'; id: CallId; ok: false; error: string }
  | { kind: 'event'; type: string; data: unknown }
  | { kind: 'subscribe'; name: string }
  | { kind: 'unsubscribe'; name: string };

export type MessageKind = BridgeMessage['kind'];

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isName(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function isCallId(value: unknown): value is CallId {
  return (
    (typeof value === 'string' && value.length > 0) || (typeof value === 'number' && Number.isFinite(value))
  );
}

/** Adds `connection` only when present, so it round-trips exactly. */
function withConnection<T extends object>(
  message: T,
  connection: unknown,
): T & { connection?: ConnectionTag } {
  return connection === undefined ? message : { ...message, connection };
}

const KINDS: ReadonlySet<string> = new Set([
  'ping',
  'pong',
  'call',
  'result',
  'event',
  'subscribe',
  'unsubscribe',
] satisfies MessageKind[]);

function parseFields(kind: string, body: unknown): BridgeMessage | undefined {
  switch (kind) {
    case 'ping':
      // Without `from` there is nobody to address the pong to.
      if (!isFields(body) || !isName(body.from)) return undefined;
      return withConnection({ kind, from: body.from }, body.connection);
    case 'pong': {
      if (!isFields(body) || !isName(body.to)) return undefined;
      // Absent or null: an id-less peer, one stable peer. Any other non-name is no pong of this protocol.
      const from = body.from === undefined || body.from === null ? null : body.from;
      if (from !== null && !isName(from)) return undefined;
      return withConnection({ kind, to: body.to, from }, body.connection);
    }
    case 'call': {
      if (!isFields(body) || !isCallId(body.id) || !isName(body.method)) return undefined;
      // A call without arguments may omit them or send null; anything else but an array is malformed.
      const args = body.args ?? [];
      if (!Array.isArray(args)) return undefined;
      return { kind, id: body.id, method: body.method, args: args as unknown[] };
    }
    case 'result':
      if (!isFields(body) || !isCallId(body.id)) return undefined;
      if (body.error !== undefined && body.error !== null) {
        const error = typeof body.error === 'string' ? body.error : errorText(body.error);
        return { kind, id: body.id, ok: false, error };
      }
      return { kind, id: body.id, ok: true, value: body.value };
    case 'event':
      if (!isFields(body) || !isName(body.type)) return undefined;
      return { kind, type: body.type, data: body.data };
    case 'subscribe':
    case 'unsubscribe':
      return isName(body) ? { kind, name: body } : undefined;
    default:
      return undefined;
  }
}

/**
 * Parses what a `message` event carried. Returns `undefined` for anything that is not a string of at most
 * `maxLength` characters holding a bridge message: an object with exactly one known kind key (unknown keys beside
 * it are ignored) whose body has what that kind needs.
 */
export function parseMessage(data: unknown, maxLength: number): BridgeMessage | undefined {
  if (typeof data !== 'string' || data.length > maxLength) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (!isFields(parsed)) return undefined;
  const kinds = Object.keys(parsed).filter((key) => KINDS.has(key));
  if (kinds.length !== 1) return undefined;
  const kind = kinds[0] as string;
  return parseFields(kind, parsed[kind]);
}

/** The wire form of a message. Throws only if a call's arguments or a result's value cannot be serialised. */
export function encodeMessage(message: BridgeMessage): string {
  switch (message.kind) {
    case 'ping':
      return JSON.stringify({ ping: withConnection({ from: message.from }, message.connection) });
    case 'pong':
      return JSON.stringify({
        pong: withConnection({ to: message.to, from: message.from }, message.connection),
      });
    case 'call':
      return JSON.stringify({ call: { id: message.id, method: message.method, args: message.args } });
    case 'result':
      return JSON.stringify({
        result: message.ok
          ? { id: message.id, value: message.value }
          : { id: message.id, error: message.error },
      });
    case 'event':
      return JSON.stringify({ event: { type: message.type, data: message.data } });
    case 'subscribe':
      return JSON.stringify({ subscribe: message.name });
    case 'unsubscribe':
      return JSON.stringify({ unsubscribe: message.name });
  }
}
