import { describe, expect, it } from 'vitest';
import { browserVerdict, chromeVersion } from './browserCheck';

const chrome = (version: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.4240.0 Safari/537.36`;

describe('browserVerdict', () => {
  it('accepts Chrome 86 and later', () => {
    expect(browserVerdict(chrome(86))).toBeNull();
    expect(browserVerdict(chrome(120))).toBeNull();
  });

  it('asks Chrome 85 to upgrade, for 30 s', () => {
    expect(browserVerdict(chrome(85))).toEqual({
      kind: 'error',
      message: 'Please upgrade to Google Chrome to version 86 or later.',
      autoCloseMs: 30_000,
    });
  });

  it('recommends Chrome to other browsers, for 3 s', () => {
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
    const edge = `${chrome(120)} Edg/120.0.0.0`;
    for (const agent of [firefox, edge]) {
      expect(browserVerdict(agent)).toEqual({
        kind: 'warning',
        message: 'Running in Google Chrome is recommended.',
        autoCloseMs: 3000,
      });
    }
  });

  it('reads the major version', () => {
    expect(chromeVersion(chrome(99))).toBe(99);
    expect(chromeVersion('Safari/605.1.15')).toBeNull();
  });
});
