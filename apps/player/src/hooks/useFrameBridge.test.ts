import { describe, expect, it, vi } from 'vitest';
import { testSession } from '../session/testSession';
import { frameApi, frameOrigin, type FrameValues } from './useFrameBridge';

function setup(values: Partial<FrameValues>, overrides = {}) {
  const { session } = testSession(overrides);
  let current: FrameValues = {
    pairingCode: undefined,
    appData: undefined,
    getDeviceRecord: () => ({ id: 'p1' }),
    ...values,
  };
  const waiters: Array<(code: string | null) => void> = [];
  const api = frameApi(session, () => current, waiters);
  const call = (name: string) => (api[name] as () => unknown)();
  return { api, call, waiters, set: (next: Partial<FrameValues>) => (current = { ...current, ...next }) };
}

describe('frameApi', () => {
  it('answers the pairing code, waiting for it while it is not known yet', async () => {
    const { call, waiters, set } = setup({});
    const pending = call('getPairingCode') as Promise<string | null>;
    set({ pairingCode: 'ABC234' });
    for (const resolve of waiters.splice(0)) resolve('ABC234');
    await expect(pending).resolves.toBe('ABC234');
    expect(call('getPairingCode')).toBe('ABC234');
  });

  it('tells the Player when a code went to the frame (its first content is up), not when there is none', async () => {
    const onCodeServed = vi.fn();
    const { call, waiters } = setup({ onCodeServed });
    const pending = call('getPairingCode') as Promise<string | null>;
    expect(onCodeServed).not.toHaveBeenCalled();
    for (const resolve of waiters.splice(0)) resolve('ABC234');
    await pending;
    expect(onCodeServed).toHaveBeenCalledTimes(1);
    const pairedServed = vi.fn();
    expect(setup({ pairingCode: null, onCodeServed: pairedServed }).call('getPairingCode')).toBeNull();
    expect(pairedServed).not.toHaveBeenCalled();
  });

  it('answers app data (null when none), the device record, and auth without the secret', () => {
    const { call } = setup({ pairingCode: null, appData: { version: 3, items: [] } });
    expect(call('getAppData')).toEqual({ version: 3, items: [] });
    expect(call('getDeviceInfo')).toEqual({ id: 'p1' });
    const auth = call('getAuthData') as Record<string, unknown>;
    expect(Object.keys(auth).sort()).toEqual(['apiToken', 'deviceId', 'firebaseTokenV2', 'playerId']);
    expect(setup({ appData: null }).call('getAppData')).toBeNull();
  });

  it('asks the parent for the media cache URL only with the media_cache capability', async () => {
    expect(setup({}).call('getMediaCacheURL')).toBeNull();
    const parentCall = vi.fn(async () => 'http://device/cache/');
    const withCache = setup({}, { capabilities: { media_cache: true }, parent: { call: parentCall } });
    await expect(withCache.call('getMediaCacheURL')).resolves.toBe('http://device/cache/');
    expect(parentCall).toHaveBeenCalledWith('getMediaCacheURL');
  });
});

describe('frameOrigin', () => {
  it('pins the frame origin from its URL', () => {
    expect(frameOrigin('https://cdn.example/content/')).toBe('https://cdn.example');
  });
});
