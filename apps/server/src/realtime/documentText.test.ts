import { describe, expect, it } from 'vitest';
import { setAtPath, type RealtimeValue } from '@marquee/protocol';
import { KEPT_MEMBER_CHARS, documentText } from './documentText';

/** A member whose every read of `url` is counted: encoding it reads it, a kept text does not. */
function countedMember(length: number): { member: RealtimeValue; reads: () => number } {
  let reads = 0;
  const member = {};
  Object.defineProperty(member, 'url', {
    enumerable: true,
    get: () => {
      reads++;
      return 'u'.repeat(length);
    },
  });
  return { member: member as RealtimeValue, reads: () => reads };
}

describe('documentText', () => {
  it('gives the text JSON.stringify gives, for every kind of stored value', () => {
    const long = { text: 'x'.repeat(KEPT_MEMBER_CHARS) };
    const values: RealtimeValue[] = [
      null,
      7,
      'a "quoted" ünïcode \u2028 line',
      true,
      {},
      { b: 1, a: { z: false, y: { '0': 1, '1': 2 } }, '10': 'x', '2': 'y', 'k"ey\\': 'v', big: long },
      { settings: { name: 'Lobby' }, action_flags: { reboot: 1795969643719.5 }, app: long },
    ];
    for (const value of values) {
      expect(documentText(value)).toBe(JSON.stringify(value));
      expect(documentText(value)).toBe(JSON.stringify(value)); // and again, with the texts kept
    }
  });

  it('encodes a large member once, however many writes beside it', () => {
    const { member, reads } = countedMember(KEPT_MEMBER_CHARS);
    let document: RealtimeValue = { settings: { name: 'Lobby' }, app: member } as RealtimeValue;
    expect(documentText(document)).toBe(JSON.stringify(document));
    const encodedOnce = reads();
    for (let write = 0; write < 5; write++) {
      document = setAtPath(document, ['settings', 'name'], `Front desk ${write}`);
      expect(documentText(document)).toBe(
        `{"settings":{"name":"Front desk ${write}"},"app":${JSON.stringify(member)}}`,
      );
    }
    // The expectations above stringified it once each; documentText did not read it again.
    expect(reads()).toBe(encodedOnce + 5);
  });

  it('encodes a small member at every write, and a replaced large member anew', () => {
    const small = countedMember(10);
    const document = { settings: small.member } as RealtimeValue;
    documentText(document);
    documentText(document);
    expect(small.reads()).toBe(2);
    const before = { app: { url: 'a'.repeat(KEPT_MEMBER_CHARS) } };
    documentText(before);
    const after = setAtPath(before, ['app', 'url'], 'b'.repeat(KEPT_MEMBER_CHARS));
    expect(documentText(after)).toBe(JSON.stringify(after));
  });

  it('keeps a small member that a write left as it was, not one it just wrote', () => {
    const flags = countedMember(10);
    let document = { settings: { name: 'Lobby' }, action_flags: flags.member } as RealtimeValue;
    documentText(document); // a first read: nothing before it
    for (let write = 0; write < 5; write++) {
      const before = document;
      document = setAtPath(document, ['settings', 'name'], `Front desk ${write}`);
      expect(documentText(document, before)).toBe(
        `{"settings":{"name":"Front desk ${write}"},"action_flags":${JSON.stringify(flags.member)}}`,
      );
    }
    // Encoded by the first read and the first write after it, then kept; the expectations read it once each.
    expect(flags.reads()).toBe(2 + 5);
    const settings = countedMember(10);
    const written = setAtPath(document, ['settings'], settings.member);
    documentText(written, document);
    documentText(setAtPath(written, ['status'], 'on'), document);
    // Just written, and the document given as "before" does not hold it: encoded each time.
    expect(settings.reads()).toBe(2);
  });

  it('matches JSON.stringify over a long run of writes', () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const keys = ['settings', 'app', 'action_flags', 'connection', '3', '12', 'status'];
    let value: RealtimeValue = null;
    for (let step = 0; step < 2000; step++) {
      const path = [keys[random(keys.length)]!, ...(random(2) === 0 ? [keys[random(keys.length)]!] : [])];
      const written =
        random(5) === 0 ? null : random(3) === 0 ? 'x'.repeat(random(2 * KEPT_MEMBER_CHARS)) : { at: step };
      const before = value;
      value = setAtPath(value, path, written);
      expect(documentText(value, before)).toBe(JSON.stringify(value));
    }
  });
});
