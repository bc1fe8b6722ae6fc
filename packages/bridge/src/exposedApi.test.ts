import { describe, expect, it } from 'vitest';
import { invokeExposed, type ExposedApi } from './exposedApi';

describe('invokeExposed', () => {
  const api: ExposedApi = {
    getPairingCode: async () => 'ABC234',
    add: (a: number, b: number) => a + b,
    throws: () => {
      throw new Error('sync failure');
    },
    rejects: async () => {
      throw new Error('async failure');
    },
    rejectsWithText: () => Promise.reject('plain text'),
    throwsObject: () => {
      throw { message: 'object with message' };
    },
  };

  it('answers with the value of a sync or async method, given the arguments', async () => {
    expect(await invokeExposed(api, 'getPairingCode', [])).toEqual({ ok: true, value: 'ABC234' });
    expect(await invokeExposed(api, 'add', [2, 3])).toEqual({ ok: true, value: 5 });
  });

  it("answers 'missing api method: {method}' for a missing method", async () => {
    expect(await invokeExposed(api, 'x', [])).toEqual({ ok: false, error: 'missing api method: x' });
  });

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', '__defineGetter__'])(
    'does not let the peer reach the inherited %s',
    async (method) => {
      expect(await invokeExposed(api, method, [])).toEqual({
        ok: false,
        error: `missing api method: ${method}`,
      });
    },
  );

  it('treats a non-function property as missing', async () => {
    const withData = { version: '1.0.0' } as unknown as ExposedApi;
    expect(await invokeExposed(withData, 'version', [])).toEqual({
      ok: false,
      error: 'missing api method: version',
    });
  });

  it('answers the error text of a throwing or rejecting method', async () => {
    expect(await invokeExposed(api, 'throws', [])).toEqual({ ok: false, error: 'sync failure' });
    expect(await invokeExposed(api, 'rejects', [])).toEqual({ ok: false, error: 'async failure' });
    expect(await invokeExposed(api, 'rejectsWithText', [])).toEqual({ ok: false, error: 'plain text' });
    expect(await invokeExposed(api, 'throwsObject', [])).toEqual({ ok: false, error: 'object with message' });
  });

  it('calls the method with the api object as this', async () => {
    const withThis = {
      prefix: 'P-',
      get(this: { prefix: string }, x: string) {
        return this.prefix + x;
      },
    } as unknown as ExposedApi;
    expect(await invokeExposed(withThis, 'get', ['1'])).toEqual({ ok: true, value: 'P-1' });
  });
});
