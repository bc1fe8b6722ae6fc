import { describe, expect, it } from 'vitest';
import { frameApi } from './useFrameBridge';

describe('frameApi', () => {
  it('answers the app data, the auth and the meeting device entry', () => {
    const auth = { apiToken: 'a', firebaseTokenV2: 'f', secret: 's' };
    const device = { id: 'room-1', make: 'Unknown', model: 'Google Meet Hardware Player', platform: 'meet' };
    let app: unknown = null;
    const api = frameApi({ auth: () => auth, device }, () => app);
    expect(api.getAppData()).toBeNull();
    app = { token: 't', data: { version: 2, items: [] } };
    expect(api.getAppData()).toEqual({ version: 2, items: [] });
    expect(api.getAuthData()).toBe(auth);
    expect(api.getDeviceInfo()).toEqual(device);
    expect(api.getPairingCode()).toBeNull();
  });
});
