import { describe, expect, it } from 'vitest';
import { apiBaseUrl, readRuntimeConfig } from './runtimeConfig';

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

describe('apiBaseUrl', () => {
  it("selects staging for mode 'edge' and production otherwise", () => {
    expect(apiBaseUrl(readRuntimeConfig({ ...injected, mode: 'edge' }, 'http://x'))).toBe(
      'http://staging.test',
    );
    expect(apiBaseUrl(readRuntimeConfig(injected, 'http://x'))).toBe('http://prod.test');
    expect(apiBaseUrl(readRuntimeConfig({ ...injected, mode: 'other' }, 'http://x'))).toBe(
      'http://prod.test',
    );
  });
});
