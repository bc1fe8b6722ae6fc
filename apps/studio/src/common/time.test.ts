import { describe, expect, it } from 'vitest';
import { formatAgo, formatDuration, formatSize } from './time';

describe('formatAgo', () => {
  const now = 1_700_000_000_000;
  it('reads in seconds, minutes, hours', () => {
    expect(formatAgo(null, now)).toBe('never');
    expect(formatAgo(now - 59_000, now)).toBe('59 s ago');
    expect(formatAgo(now - 60_000, now)).toBe('1 min ago');
    expect(formatAgo(now - 59 * 60_000, now)).toBe('59 min ago');
    expect(formatAgo(now - 3 * 3600_000, now)).toBe('3 h ago');
  });
});

describe('formatSize', () => {
  it('uses B, KB and MB', () => {
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});

describe('formatDuration', () => {
  it('uses seconds, then minutes, then hours', () => {
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(150_000)).toBe('2 min 30 s');
    expect(formatDuration(120_000)).toBe('2 min');
    expect(formatDuration(65 * 60_000)).toBe('1 h 5 min');
  });
});
