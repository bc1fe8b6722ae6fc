import { describe, expect, it } from 'vitest';
import { mediaSrc } from './mediaSrc';

describe('mediaSrc', () => {
  it('reads uploaded files from the server the studio talks to', () => {
    expect(mediaSrc('http://localhost:8080/media/abc?v=123', 'http://192.168.1.20:8080')).toBe(
      'http://192.168.1.20:8080/media/abc?v=123',
    );
  });

  it('leaves other addresses alone', () => {
    expect(mediaSrc('https://cdn.example.com/a.png', 'http://192.168.1.20:8080')).toBe(
      'https://cdn.example.com/a.png',
    );
    expect(mediaSrc('not a url', 'http://s')).toBe('not a url');
  });
});
