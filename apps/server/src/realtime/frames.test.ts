import { describe, expect, it } from 'vitest';
import { ClientMessageSchema } from '@marquee/protocol';
import { parseFrame } from './frames';

const text = (frame: string) => parseFrame(Buffer.from(frame), false);

describe('parseFrame', () => {
  it('parses a request of the protocol', () => {
    expect(text('{"r":3,"t":"get","path":"players/p"}')).toEqual({
      kind: 'request',
      request: { r: 3, t: 'get', path: 'players/p' },
    });
    expect(parseFrame([Buffer.from('{"r":1,'), Buffer.from('"t":"time"}')], false)).toEqual({
      kind: 'request',
      request: { r: 1, t: 'time' },
    });
    expect(
      parseFrame(new TextEncoder().encode('{"r":1,"t":"time"}').buffer as ArrayBuffer, false),
    ).toMatchObject({
      kind: 'request',
    });
  });

  it('keeps a value JSON parsed to a non-finite number for the value rules to refuse', () => {
    const frame = text('{"r":1,"t":"set","path":"players/p/a","value":1e999}');
    expect(frame.kind === 'request' && frame.request.t === 'set' && frame.request.value).toBe(Infinity);
  });

  it.each([
    ['', undefined, 'Invalid request: the frame is not JSON'],
    ['{"r":1', undefined, 'Invalid request: the frame is not JSON'],
    ['"get"', undefined, 'Invalid request: a request must be a JSON object'],
    ['{"t":"time"}', undefined, 'Invalid request: "r" must be a number'],
    ['{"r":1.5,"t":"time"}', undefined, 'Invalid request: "r" must be an integer'],
    ['{"r":1e20,"t":"time"}', undefined, 'Invalid request: "r" is larger than 9007199254740991'],
    [
      '{"r":2}',
      2,
      'Invalid request: "t" must be one of auth, listen, unlisten, get, set, update, remove, cas, od, time',
    ],
    ['{"r":2,"t":"auth"}', 2, 'Invalid request: "token" must be a string'],
    ['{"r":2,"t":"set","path":"a/b"}', 2, 'Invalid request: "value" is missing'],
    ['{"r":2,"t":"od","action":"set"}', 2, 'Invalid request: "path" must be a string'],
  ])('answers %j as garbage', (frame, r, message) => {
    expect(text(frame)).toEqual(
      r === undefined ? { kind: 'garbage', message } : { kind: 'garbage', r, message },
    );
  });

  it('keeps a "__proto__" member of a value as sent, for the value rules to refuse', () => {
    const frame = text('{"r":1,"t":"update","path":"players/p","value":{"__proto__":{"x":1},"a":1}}');
    if (frame.kind !== 'request' || frame.request.t !== 'update') throw new Error('not an update');
    expect(Object.keys(frame.request.value)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(frame.request.value)).toBe(Object.prototype);
  });

  it('refuses a path longer than the protocol allows', () => {
    expect(text(`{"r":2,"t":"get","path":"${'a'.repeat(4097)}"}`)).toEqual({
      kind: 'garbage',
      r: 2,
      message: 'Invalid request: "path" is longer than 4096 characters',
    });
  });

  it('refuses binary frames', () => {
    expect(parseFrame(Buffer.from('{"r":1,"t":"time"}'), true)).toEqual({
      kind: 'garbage',
      message: 'Invalid request: frames must be JSON text',
    });
  });

  // The requests a fleet sends most (set, auth, listen, unlisten, get, remove, od) are recognised without the schema
  // (frames.ts plainRequest): they must give exactly what the schema gives, whatever is sent.
  it.each([
    '{"r":7,"t":"set","path":"players/p/settings/name","value":"Lobby"}',
    '{"r":0,"t":"set","path":"players/p/a","value":null}',
    '{"r":-0,"t":"set","path":"players/p/a","value":1}',
    '{"r":9007199254740991,"t":"set","path":"players/p/a","value":{"b":[1,2]}}',
    '{"r":9007199254740992,"t":"set","path":"players/p/a","value":1}',
    '{"r":-1,"t":"set","path":"players/p/a","value":1}',
    '{"r":1.5,"t":"set","path":"players/p/a","value":1}',
    '{"r":"1","t":"set","path":"players/p/a","value":1}',
    '{"r":1,"t":"set","path":7,"value":1}',
    '{"r":1,"t":"set","value":1}',
    '{"r":1,"t":"set","path":"players/p/a"}',
    `{"r":1,"t":"set","path":"${'a'.repeat(4096)}","value":1}`,
    `{"r":1,"t":"set","path":"${'a'.repeat(4097)}","value":1}`,
    '{"r":1,"t":"set","path":"players/p/a","value":1,"hash":"h","extra":{"x":1}}',
    '{"__proto__":{"t":"set"},"r":1,"path":"players/p/a","value":1}',
    '{"r":1,"t":"set","path":"players/p/a","value":{"__proto__":{"x":1}}}',
    '[1,"set","players/p/a"]',
    '{"r":1,"t":"auth","token":"a.b.c"}',
    '{"r":1,"t":"auth","token":""}',
    '{"r":1,"t":"auth","token":7}',
    '{"r":1,"t":"auth"}',
    '{"r":1,"t":"auth","token":"a.b.c","path":7}',
    '{"r":2,"t":"listen","path":"players/p/action_flags"}',
    '{"r":2,"t":"listen","path":"players/p/action_flags","value":1,"extra":true}',
    '{"r":2,"t":"listen"}',
    '{"r":2,"t":"listen","path":null}',
    `{"r":2,"t":"listen","path":"${'a'.repeat(4097)}"}`,
    '{"r":-2,"t":"listen","path":"players/p"}',
    '{"r":2,"t":"unlisten","path":"players/p/action_flags"}',
    '{"r":3,"t":"get","path":"players/p/settings"}',
    '{"r":4,"t":"remove","path":"players/p/settings/name"}',
    '{"r":4,"t":"remove","path":"players/p/settings/name","value":"x"}',
    '{"r":5,"t":"od","action":"set","path":"players/p/connection","value":{"connected":false}}',
    '{"r":5,"t":"od","action":"update","path":"players/p/connection","value":{"a/b":1}}',
    '{"r":5,"t":"od","action":"cancel","path":"players/p/connection"}',
    '{"r":5,"t":"od","action":"set","path":"players/p/connection","value":null}',
    '{"r":5,"t":"od","action":"remove","path":"players/p/connection"}',
    '{"r":5,"t":"od","path":"players/p/connection"}',
    '{"r":5,"t":"od","action":"cancel"}',
    '{"r":5,"t":"od","action":"set","path":"players/p/c","value":{"__proto__":{"x":1}}}',
    '{"r":6,"t":"time"}',
    '{"r":6,"t":"update","path":"players/p","value":{"a":1}}',
    '{"r":6,"t":"nope","path":"players/p"}',
    '{"t":"listen","path":"players/p"}',
  ])('parses %s as the schema does', (frame) => {
    const sent: unknown = JSON.parse(frame);
    const parsed = ClientMessageSchema.safeParse(sent);
    const result = text(frame);
    if (!parsed.success) {
      expect(result.kind).toBe('garbage');
      return;
    }
    expect(result).toEqual({ kind: 'request', request: parsed.data });
    expect(Object.keys((result as { request: object }).request).sort()).toEqual(
      Object.keys(parsed.data)
        .filter((key) => (parsed.data as Record<string, unknown>)[key] !== undefined)
        .sort(),
    );
    if (result.kind === 'request' && 'value' in result.request)
      expect(JSON.stringify(result.request.value)).toBe(JSON.stringify((sent as { value: unknown }).value));
  });
});
