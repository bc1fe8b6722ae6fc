import { describe, expect, it } from 'vitest';
import { frameSourceFromApp } from './frameSource';

describe('frameSourceFromApp', () => {
  it('puts the token into the content address', () => {
    expect(frameSourceFromApp({ token: 'a b&c' }, 'https://x.test/content/')).toBe(
      'https://x.test/content/?token=a%20b%26c',
    );
  });

  it('is null without a usable token', () => {
    for (const app of [null, undefined, {}, { token: '' }, { token: 5 }, 'token']) {
      expect(frameSourceFromApp(app, 'https://x.test/content')).toBeNull();
    }
  });
});
