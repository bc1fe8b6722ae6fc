import { describe, expect, it } from 'vitest';
import { BROWSER_CAPABILITIES, mergeCapabilities, platformOf } from './platform';

describe('platformOf', () => {
  it('reads the platform query parameter, defaulting to browser', () => {
    expect(platformOf('?platform=chromeos')).toBe('chromeos');
    expect(platformOf('?platform=Android&id=x')).toBe('android');
    expect(platformOf('')).toBe('browser');
    expect(platformOf('?platform=')).toBe('browser');
    expect(platformOf('?platform=a&platform=b')).toBe('browser');
    expect(platformOf('?platform=<script>')).toBe('browser');
  });
});

describe('mergeCapabilities', () => {
  it("lays the parent's reported capabilities over the browser's", () => {
    expect(mergeCapabilities(null)).toEqual(BROWSER_CAPABILITIES);
    expect(
      mergeCapabilities({
        capabilities: { reboot: true, mute: true, screenshot: false, 'Bad-Key': true, clear_cache: 'y' },
      }),
    ).toEqual({
      ...BROWSER_CAPABILITIES,
      reboot: true,
      mute: true,
      screenshot: false,
    });
  });
});
