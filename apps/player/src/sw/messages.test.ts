import { describe, expect, it } from 'vitest';
import { isPlayerPath } from './messages';

describe('isPlayerPath', () => {
  it('counts only the root page as a player window', () => {
    expect(isPlayerPath('/')).toBe(true);
    expect(isPlayerPath('/index.html')).toBe(true);
    expect(isPlayerPath('/content/pair')).toBe(false);
    expect(isPlayerPath('/host/')).toBe(false);
  });
});
