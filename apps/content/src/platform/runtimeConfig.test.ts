import { describe, expect, it } from 'vitest';
import { contentConfigOf } from './runtimeConfig';

describe('contentConfigOf', () => {
  it('takes the injected URLs', () => {
    expect(
      contentConfigOf(
        {
          apiUrl: 'https://s.example.com',
          identityUrl: 'https://s.example.com/identity/v1',
          realtimeUrl: 'wss://s.example.com/realtime',
        },
        'http://ignored',
      ),
    ).toEqual({
      apiUrl: 'https://s.example.com',
      identityUrl: 'https://s.example.com/identity/v1',
      realtimeUrl: 'wss://s.example.com/realtime',
      studioUrl: 'https://s.example.com/studio',
    });
  });

  it('falls back to the page origin without an injected configuration', () => {
    expect(contentConfigOf(undefined, 'http://192.168.1.20:8080')).toEqual({
      apiUrl: 'http://192.168.1.20:8080',
      identityUrl: 'http://192.168.1.20:8080/identity/v1',
      realtimeUrl: 'ws://192.168.1.20:8080/realtime',
      studioUrl: 'http://192.168.1.20:8080/studio',
    });
  });
});
