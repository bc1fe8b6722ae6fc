import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from './runtimeConfig';

const injected = {
  apiUrl: 'http://s.test',
  productionApiUrl: 'http://prod.test',
  stagingApiUrl: 'http://staging.test',
  pairingUrl: 'http://s.test/content/pair',
  contentUrl: 'http://s.test/content/',
  realtimeUrl: 'ws://s.test/realtime',
  identityUrl: 'http://s.test/identity/v1',
  mode: 'production',
  environment: 'production',
  version: '1.0.0',
  exemptOrgs: ['o1', 'o2', 'o3'],
};

describe('readRuntimeConfig', () => {
  it('reads every injected field', () => {
    expect(readRuntimeConfig({ ...injected, monitoringToken: 'tok' }, 'http://x.test')).toEqual({
      ...injected,
      monitoringToken: 'tok',
    });
  });

  it('completes a missing configuration from the page origin', () => {
    const config = readRuntimeConfig(undefined, 'https://p.test');
    expect(config).toMatchObject({
      apiUrl: 'https://p.test',
      pairingUrl: 'https://p.test/content/pair',
      realtimeUrl: 'wss://p.test/realtime',
      identityUrl: 'https://p.test/identity/v1',
      version: '1.0.0',
      environment: 'production',
      exemptOrgs: [],
    });
    expect(config).not.toHaveProperty('monitoringToken');
  });

  it('drops exempt org entries that are not strings', () => {
    expect(readRuntimeConfig({ exemptOrgs: ['a', 1, null] }, 'http://x').exemptOrgs).toEqual(['a']);
  });

  it('takes shortened watchdog and upload periods, and leaves out values a player must not run with', () => {
    expect(
      readRuntimeConfig({ frameWatchdogMs: 1000, playUploadIntervalMs: 2000 }, 'http://x'),
    ).toMatchObject({
      frameWatchdogMs: 1000,
      playUploadIntervalMs: 2000,
    });
    for (const bad of [0, 99, -5, 1.5, '1000', null, 2 * 24 * 60 * 60 * 1000]) {
      const config = readRuntimeConfig({ frameWatchdogMs: bad, playUploadIntervalMs: bad }, 'http://x');
      expect(config).not.toHaveProperty('frameWatchdogMs');
      expect(config).not.toHaveProperty('playUploadIntervalMs');
    }
  });
});
