import { describe, expect, it } from 'vitest';
import { appFrameAccess } from './appFrameAccess';

const PAGE = 'https://signs.example.com';

describe('appFrameAccess', () => {
  it("keeps another site's app in its own origin, pinned to it, without top navigation", () => {
    const access = appFrameAccess('https://apps.example.net:8443/menu/?a=1', PAGE);
    expect(access).toEqual({
      sandbox: 'allow-scripts allow-same-origin allow-forms',
      origin: 'https://apps.example.net:8443',
    });
    expect(access?.sandbox).not.toContain('allow-top-navigation');
    expect(access?.sandbox).not.toContain('allow-popups');
  });

  it("runs an app from the content player's own origin in an opaque one, so it cannot script its parent", () => {
    expect(appFrameAccess(`${PAGE}/apps/clock.html`, PAGE)).toEqual({
      sandbox: 'allow-scripts allow-forms',
      origin: '*',
    });
  });

  it('refuses what has no http(s) origin', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'not a url', 'file:///etc/passwd']) {
      expect(appFrameAccess(url, PAGE)).toBeNull();
    }
  });
});
