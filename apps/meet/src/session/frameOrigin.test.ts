import { describe, expect, it } from 'vitest';
import { frameOrigin } from './frameOrigin';

describe('frameOrigin', () => {
  it('is the origin of the URL the frame was given, relative URLs against the page', () => {
    expect(frameOrigin('https://cdn.example:8443/room/?token=a', 'http://x.test/meet/')).toBe(
      'https://cdn.example:8443',
    );
    expect(frameOrigin('/content/?token=a', 'http://x.test:8080/meet/')).toBe('http://x.test:8080');
  });

  it('is null for a URL whose document would have an opaque origin, or no URL at all', () => {
    for (const src of ['data:text/html,<p>hi', 'about:blank', 'javascript:alert(1)', 'http://[bad']) {
      expect(frameOrigin(src, 'http://x.test/meet/')).toBeNull();
    }
  });
});
