import { describe, expect, it } from 'vitest';
import * as realtime from './index';

describe('the public surface', () => {
  it('is the modular API, the error type and presence, and never the core', () => {
    expect(Object.keys(realtime).sort()).toEqual([
      'LOCAL_CACHE_PREFIX',
      'RealtimeError',
      'child',
      'createDatabase',
      'get',
      'goOffline',
      'goOnline',
      'isOnline',
      'onDisconnect',
      'onValue',
      'ref',
      'remove',
      'runTransaction',
      'serverTimestamp',
      'set',
      'trackPresence',
      'update',
    ]);
    expect(realtime.LOCAL_CACHE_PREFIX).toBe('firebase:rtdb:');
    expect(realtime.serverTimestamp()).toEqual({ '.sv': 'timestamp' });
  });
});
