import { describe, expect, it } from 'vitest';
import { FILENAME_MAX_LENGTH, cleanFilename } from './mediaService';

describe('cleanFilename', () => {
  it('keeps the base name only, without control characters, bounded', () => {
    expect(cleanFilename('C:\\Users\\me\\clip.mp4')).toBe('clip.mp4');
    expect(cleanFilename('a/b/\u0007bell\u0000.png')).toBe('bell.png');
    expect(cleanFilename(undefined)).toBe('upload');
    expect(cleanFilename('  ')).toBe('upload');
    expect(cleanFilename('x'.repeat(300))).toHaveLength(FILENAME_MAX_LENGTH);
  });
});
