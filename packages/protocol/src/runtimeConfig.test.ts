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
});
