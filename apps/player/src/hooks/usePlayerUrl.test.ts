import { describe, expect, it } from 'vitest';
import { resolveFrameUrl } from './usePlayerUrl';

describe('resolveFrameUrl', () => {
  const pairing = 'http://s/content/pair';
  it('shows app/url once paired', () => {
    expect(resolveFrameUrl('http://s/content/', null, pairing)).toBe('http://s/content/');
  });
  it('shows the pairing page when known to be unpaired, even with a stale stored URL', () => {
    expect(resolveFrameUrl(null, 'http://s/content/', pairing)).toBe(pairing);
  });
  it('shows the stored __sc_player_url while app/url is not known yet (offline start)', () => {
    expect(resolveFrameUrl(undefined, 'http://s/content/', pairing)).toBe('http://s/content/');
    expect(resolveFrameUrl(undefined, null, pairing)).toBe(pairing);
  });
});
