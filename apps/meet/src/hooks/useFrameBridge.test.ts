import { describe, expect, it } from 'vitest';
import { frameApi } from './useFrameBridge';

describe('frameApi', () => {
  const auth = { apiToken: 'a', firebaseTokenV2: 'f', secret: 's' };
  const device = { id: 'room-1', make: 'Unknown', model: 'Google Meet Hardware Player', platform: 'meet' };

  it('answers the app data and the meeting device entry', () => {
    let app: unknown = null;
    const api = frameApi({ auth: () => auth, device, playerId: 'room-1' }, () => app);
    expect(api.getAppData()).toBeNull();
    app = { token: 't', data: { version: 2, items: [] } };
    expect(api.getAppData()).toEqual({ version: 2, items: [] });
    expect(api.getDeviceInfo()).toEqual(device);
    expect(api.getPairingCode()).toBeNull();
  });

  it('hands the frame the tokens and ids, never the secret', () => {
    const api = frameApi({ auth: () => auth, device, playerId: 'p-9' }, () => null);
    const answer = api.getAuthData();
    expect(answer).toEqual({ apiToken: 'a', firebaseTokenV2: 'f', playerId: 'p-9', deviceId: 'room-1' });
  });
});
