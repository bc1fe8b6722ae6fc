import { describe, expect, it } from 'vitest';
import { apiUrlForMode, MODES } from './apiUrl';

const urls = {
  productionApiUrl: 'https://api.marquee.example',
  stagingApiUrl: 'https://api.staging.marquee.example',
};

describe('apiUrlForMode', () => {
  it('lists the modes', () => {
    expect(MODES).toEqual(['production', 'edge']);
  });

  it('maps edge to the staging API', () => {
    expect(apiUrlForMode('edge', urls)).toBe('https://api.staging.marquee.example');
  });

  it.each(['production', 'Edge', 'edge ', 'staging', '', undefined, null])(
    'maps %j to production',
    (mode) => {
      expect(apiUrlForMode(mode, urls)).toBe('https://api.marquee.example');
    },
  );
});
