import { describe, expect, it } from 'vitest';
import { apiBaseUrl, readRuntimeConfig } from './runtimeConfig';

// Reading the configuration itself is protocol's (runtimeConfig.test.ts there); this is the mode's choice of URL.
describe('apiBaseUrl', () => {
  const urls = { productionApiUrl: 'http://prod.test', stagingApiUrl: 'http://staging.test' };

  it("selects staging for mode 'edge' and production otherwise", () => {
    expect(apiBaseUrl(readRuntimeConfig({ ...urls, mode: 'edge' }, 'http://x'))).toBe('http://staging.test');
    expect(apiBaseUrl(readRuntimeConfig({ ...urls, mode: 'production' }, 'http://x'))).toBe(
      'http://prod.test',
    );
    expect(apiBaseUrl(readRuntimeConfig({ ...urls, mode: 'other' }, 'http://x'))).toBe('http://prod.test');
  });
});
