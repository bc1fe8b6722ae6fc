import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeMessage, parseMessage, type BridgeMessage } from './messages';

const MAX = 1000;
const parse = (data: unknown) => parseMessage(data, MAX);

describe('encodeMessage', () => {
  it('writes the wire format of docs/protocols/bridge.md §Messages', () => {
    expect(encodeMessage({ kind: 'ping', from: 'a', connection: '1' })).toBe(
      '{"ping":{"from":"a","connection":"1"}}',
    );
    expect(encodeMessage({ kind: 'pong', to: 'a', from: 'b', connection: '1' })).toBe(
      '{"pong":{"to":"a","from":"b","connection":"1"}}',
    );
    expect(encodeMessage({ kind: 'call', id: 7, method: 'getAppData', args: [1, 'x'] })).toBe(
      '{"call":{"id":7,"method":"getAppData","args":[1,"x"]}}',
    );
    expect(encodeMessage({ kind: 'result', id: 7, ok: true, value: { a: 1 } })).toBe(
      '{"result":{"id":7,"value":{"a":1}}}',
    );
    expect(encodeMessage({ kind: 'result', id: 7, ok: false, error: 'boom' })).toBe(
      '{"result":{"id":7,"error":"boom"}}',
    );
    expect(encodeMessage({ kind: 'event', type: 'mute', data: true })).toBe(
      '{"event":{"type":"mute","data":true}}',
    );
    expect(encodeMessage({ kind: 'subscribe', name: 'mute' })).toBe('{"subscribe":"mute"}');
    expect(encodeMessage({ kind: 'unsubscribe', name: 'mute' })).toBe('{"unsubscribe":"mute"}');
  });

  it('throws on a value JSON cannot hold', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => encodeMessage({ kind: 'call', id: 1, method: 'm', args: [cyclic] })).toThrow(TypeError);
    expect(() => encodeMessage({ kind: 'result', id: 1, ok: true, value: 1n })).toThrow(TypeError);
  });
});

describe('parseMessage', () => {
  const samples: BridgeMessage[] = [
    { kind: 'ping', from: 'a', connection: '1' },
    { kind: 'ping', from: 'a' },
    { kind: 'pong', to: 'a', from: 'b', connection: 3 },
    { kind: 'call', id: 1, method: 'getPairingCode', args: [] },
    { kind: 'call', id: 'x-1', method: 'storageSet', args: ['settings', { a: [1] }] },
    { kind: 'result', id: 1, ok: true, value: 'ABC234' },
    { kind: 'result', id: 1, ok: false, error: 'missing api method: x' },
    { kind: 'event', type: 'mute', data: { on: true } },
    { kind: 'subscribe', name: 'mute' },
    { kind: 'unsubscribe', name: 'mute' },
  ];

  it.each(samples)('reads back what encodeMessage wrote: %j', (message) => {
    expect(parse(encodeMessage(message))).toEqual(message);
  });

  it('defaults omitted call arguments and an omitted result value', () => {
    expect(parse('{"call":{"id":1,"method":"m"}}')).toEqual({ kind: 'call', id: 1, method: 'm', args: [] });
    expect(parse('{"result":{"id":1}}')).toEqual({ kind: 'result', id: 1, ok: true, value: undefined });
    expect(parse('{"result":{"id":1,"value":5,"error":null}}')).toEqual({
      kind: 'result',
      id: 1,
      ok: true,
      value: 5,
    });
  });

  it('turns a non-string error into text', () => {
    expect(parse('{"result":{"id":1,"error":{"message":"nope"}}}')).toEqual({
      kind: 'result',
      id: 1,
      ok: false,
      error: 'nope',
    });
    expect(parse('{"result":{"id":1,"error":42}}')).toMatchObject({ ok: false, error: '42' });
    expect(parse('{"result":{"id":1,"error":""}}')).toMatchObject({ ok: false, error: '' });
  });

  it.each([
    ['a non-string', { ping: { from: 'a' } }],
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['bad JSON', '{"ping":'],
    ['a JSON string', '"ping"'],
    ['a JSON array', '[{"ping":{"from":"a"}}]'],
    ['JSON null', 'null'],
    ['an unknown kind', '{"hello":{"from":"a"}}'],
    ['two kinds at once', '{"ping":{"from":"a"},"pong":{"to":"a","from":"b"}}'],
    ['an empty object', '{}'],
    ['a ping without from', '{"ping":{"connection":"1"}}'],
    ['a ping with an empty from', '{"ping":{"from":""}}'],
    ['a ping that is a string', '{"ping":"a"}'],
    ['a pong without to', '{"pong":{"from":"b"}}'],
    ['a call without method', '{"call":{"id":1,"args":[]}}'],
    ['a call with a numeric method', '{"call":{"id":1,"method":5}}'],
    ['a call with object arguments', '{"call":{"id":1,"method":"m","args":{"0":1}}}'],
    ['a call with an object id', '{"call":{"id":{},"method":"m"}}'],
    ['a call with an empty id', '{"call":{"id":"","method":"m"}}'],
    ['a result without id', '{"result":{"value":1}}'],
    ['a result that is an array', '{"result":[1]}'],
    ['an event without type', '{"event":{"data":1}}'],
    ['a subscribe that is not a string', '{"subscribe":{"name":"x"}}'],
    ['an empty unsubscribe', '{"unsubscribe":""}'],
  ])('ignores %s', (_label, data) => {
    expect(parse(data)).toBeUndefined();
  });

  it('accepts a message of exactly maxLength characters and ignores a longer one unparsed', () => {
    const head = '{"event":{"type":"t","data":"';
    const tail = '"}}';
    const exact = head + 'x'.repeat(MAX - head.length - tail.length) + tail;
    expect(exact).toHaveLength(MAX);
    expect(parse(exact)).toMatchObject({ kind: 'event', type: 't' });
    const over = head + 'x'.repeat(MAX - head.length - tail.length + 1) + tail;
    expect(parse(over)).toBeUndefined();
  });

  it('never throws, whatever arrives', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.anything()), (data) => {
        parse(data);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(
        fc.constantFrom('ping', 'pong', 'call', 'result', 'event', 'subscribe', 'unsubscribe'),
        fc.jsonValue(),
        (kind, body) => {
          parse(JSON.stringify({ [kind]: body }));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
