import { describe, expect, it, vi } from 'vitest';
import { resolveAuth } from './authResolution';
import { MemoryStorage } from './memoryStorage';
import type { ParentLink } from './parentLink';
import { createPlayerStorage } from './storage';

const local = { apiToken: 'local', firebaseTokenV2: 'f', secret: 's' };
const fromParent = { apiToken: 'parent', firebaseTokenV2: 'f', secret: 's' };
const registered = { apiToken: 'new', firebaseTokenV2: 'f', secret: 's' };

function fakeParent(auth: unknown): ParentLink & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  return {
    calls,
    call: async <T>(method: string, ...args: unknown[]) => {
      calls.push([method, ...args]);
      return (method === 'getAuthData' ? auth : undefined) as T;
    },
  };
}

function setup(stored?: { auth?: unknown; deviceId?: string; other?: boolean }) {
  const raw = new MemoryStorage();
  if (stored?.auth) raw.setItem('auth', JSON.stringify(stored.auth));
  if (stored?.deviceId) raw.setItem('deviceId', JSON.stringify(stored.deviceId));
  if (stored?.other) raw.setItem('settings', '{"name":"Old"}');
  const storage = createPlayerStorage(raw);
  const register = vi.fn(async () => registered);
  return { raw, storage, register, newDeviceId: () => 'generated' };
}

describe('resolveAuth', () => {
  it('uses stored auth and copies it to a parent that lacks it', async () => {
    const s = setup({ auth: local, deviceId: 'd1' });
    const parent = fakeParent(null);
    await expect(resolveAuth({ ...s, parent, idParam: null })).resolves.toEqual({
      auth: local,
      deviceId: 'd1',
      registered: false,
    });
    expect(parent.calls).toEqual([['getAuthData'], ['setAuthData', local]]);
    expect(s.register).not.toHaveBeenCalled();
  });

  it("copies the parent's auth into storage when storage lacks it", async () => {
    const s = setup({ deviceId: 'd1' });
    const result = await resolveAuth({ ...s, parent: fakeParent(fromParent), idParam: null });
    expect(result.auth).toEqual(fromParent);
    expect(JSON.parse(s.raw.getItem('auth') ?? '')).toEqual(fromParent);
    expect(s.register).not.toHaveBeenCalled();
  });

  it('registers without auth anywhere, stores the auth and passes it to the parent', async () => {
    const s = setup();
    const parent = fakeParent(undefined);
    const result = await resolveAuth({ ...s, parent, idParam: null });
    expect(result).toEqual({ auth: registered, deviceId: 'generated', registered: true });
    expect(s.register).toHaveBeenCalledWith('generated');
    expect(JSON.parse(s.raw.getItem('auth') ?? '')).toEqual(registered);
    expect(JSON.parse(s.raw.getItem('deviceId') ?? '')).toBe('generated');
    expect(parent.calls).toContainEqual(['setAuthData', registered]);
  });

  it('clears storage and re-registers under an id query parameter that differs from the stored deviceId', async () => {
    const s = setup({ auth: local, deviceId: 'd1', other: true });
    const parent = fakeParent(fromParent);
    const result = await resolveAuth({ ...s, parent, idParam: 'wanted' });
    expect(result).toEqual({ auth: registered, deviceId: 'wanted', registered: true });
    expect(s.raw.getItem('settings')).toBeNull();
    expect(parent.calls).not.toContainEqual(['getAuthData']);
  });

  it('keeps everything when the id query parameter equals the stored deviceId', async () => {
    const s = setup({ auth: local, deviceId: 'same', other: true });
    const result = await resolveAuth({ ...s, parent: null, idParam: 'same' });
    expect(result.registered).toBe(false);
    expect(s.raw.getItem('settings')).toBe('{"name":"Old"}');
  });

  it('registers when a parent call fails, as without a parent', async () => {
    const s = setup({ deviceId: 'd1' });
    const parent: ParentLink = { call: async () => Promise.reject(new Error('call timeout: getAuthData')) };
    await expect(resolveAuth({ ...s, parent, idParam: null })).resolves.toMatchObject({ registered: true });
  });
});
