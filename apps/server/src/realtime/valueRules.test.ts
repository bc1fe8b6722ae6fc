// The value rules of docs/protocols/realtime.md §Paths and values through the hub: keys, sizes, numbers, depth
// and server values, each refused with its code and a message naming the place, and nothing stored.

import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_STRING_BYTES } from '@marquee/protocol';
import { appPerTest, connectAs, type WireClient } from '../../test/harness/realtime';

const FORBIDDEN_KEY = 'keys cannot contain ".", "#", "$", "/", "[" or "]"';

const fixture = appPerTest();
let client: WireClient;
let base: string;
beforeEach(async () => {
  client = await connectAs(fixture.test, fixture.player.idToken);
  base = fixture.base;
});
const revision = async () => (await fixture.test.app.services.documents.get(base)).revision;

describe('values through the wire', () => {
  it.each(['.', '#', '$', '/', '[', ']'])(
    'refuses the key character %j in values and paths',
    async (char) => {
      const key = `a${char}b`;
      expect(await client.request({ t: 'set', path: `${base}/device`, value: { [key]: 1 } })).toMatchObject({
        ok: false,
        code: 'invalid_value',
        message: `Invalid key ${JSON.stringify(key)} at path ${JSON.stringify(`${base}/device/${key}`)}: ${FORBIDDEN_KEY}`,
      });
      if (char !== '/') {
        expect(await client.request({ t: 'set', path: `${base}/device/${key}`, value: 1 })).toMatchObject({
          ok: false,
          code: 'invalid_path',
          message: `Invalid key ${JSON.stringify(key)} at path ${JSON.stringify(`${base}/device/${key}`)}: ${FORBIDDEN_KEY}`,
        });
      }
      expect(await revision()).toBe(1);
    },
  );

  it('refuses empty keys and control characters', async () => {
    expect(await client.request({ t: 'set', path: `${base}/device`, value: { '': 1 } })).toMatchObject({
      code: 'invalid_value',
      message: `Invalid key "" at path "${base}/device/": keys cannot be empty`,
    });
    expect(await client.request({ t: 'set', path: `${base}/device`, value: { 'a\u0001': 1 } })).toMatchObject(
      {
        code: 'invalid_value',
        message: `Invalid key "a\\u0001" at path "${base}/device/a\\u0001": keys cannot contain ASCII control characters`,
      },
    );
  });

  it(`accepts a string of ${MAX_STRING_BYTES} bytes and refuses one more as too_large`, async () => {
    const path = `${base}/settings/blob`;
    const largest = 'x'.repeat(MAX_STRING_BYTES);
    expect(await client.ok({ t: 'set', path, value: largest })).toEqual({ rev: 2 });
    expect(await client.request({ t: 'set', path, value: `${largest}x` })).toMatchObject({
      ok: false,
      code: 'too_large',
      message: `String at path "${path}" is larger than ${MAX_STRING_BYTES} bytes (UTF-8)`,
    });
    const multiByte = 'é'.repeat(MAX_STRING_BYTES / 2);
    expect(await client.ok({ t: 'set', path, value: multiByte })).toEqual({ rev: 3 });
    expect(await client.request({ t: 'set', path, value: `${multiByte}x` })).toMatchObject({
      code: 'too_large',
    });
    expect(await revision()).toBe(3);
  });

  it.each([
    ['1e999', 'Infinity'],
    ['-1e999', '-Infinity'],
  ])('refuses %s, which JSON parses to a non-finite number', async (literal, shown) => {
    client.sendRaw(`{"r":7,"t":"set","path":"${base}/device/n","value":${literal}}`);
    expect(await client.answerTo(7)).toEqual({
      r: 7,
      ok: false,
      code: 'invalid_value',
      message: `Invalid value at path "${base}/device/n": numbers must be finite (got ${shown})`,
    });
    client.sendRaw(`{"r":8,"t":"update","path":"${base}/device","value":{"n":{"deep":${literal}}}}`);
    expect(await client.answerTo(8)).toMatchObject({ code: 'invalid_value' });
  });

  it('refuses "__proto__" keys, which JSON can carry', async () => {
    client.sendRaw(`{"r":900,"t":"update","path":"${base}/device","value":{"__proto__":{"polluted":true}}}`);
    expect(await client.answerTo(900)).toMatchObject({
      code: 'invalid_path',
      message: `Invalid key "__proto__" at path "${base}/device/__proto__": keys cannot be "__proto__"`,
    });
    client.sendRaw(`{"r":901,"t":"set","path":"${base}/device","value":{"a":{"__proto__":1}}}`);
    expect(await client.answerTo(901)).toMatchObject({
      code: 'invalid_value',
      message: `Invalid key "__proto__" at path "${base}/device/a/__proto__": keys cannot be "__proto__"`,
    });
  });

  it('refuses a server value other than the timestamp', async () => {
    expect(
      await client.request({ t: 'set', path: `${base}/device/n`, value: { '.sv': 'increment' } }),
    ).toMatchObject({
      code: 'invalid_value',
      message: `Invalid value at path "${base}/device/n": the only server value is {".sv":"timestamp"}`,
    });
  });

  it('refuses values deeper than 32 levels', async () => {
    let value: unknown = 1;
    for (let i = 0; i < 40; i++) value = { k: value };
    expect(await client.request({ t: 'set', path: `${base}/device`, value })).toMatchObject({
      code: 'invalid_value',
    });
  });
});
