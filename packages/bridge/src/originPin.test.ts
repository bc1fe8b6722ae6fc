import { describe, expect, it } from 'vitest';
import { OriginPin } from './originPin';

describe('OriginPin', () => {
  it('admits only the given origin and posts to it', () => {
    const pin = new OriginPin('http://127.0.0.1:5001', false);
    expect(pin.admits('http://127.0.0.1:5001')).toBe(true);
    expect(pin.admits('http://127.0.0.1:5002')).toBe(false);
    expect(pin.admits('http://localhost:5001')).toBe(false);
    expect(pin.admits('null')).toBe(false);
    expect(pin.postOrigin).toBe('http://127.0.0.1:5001');
    pin.pin('http://evil.example');
    expect(pin.admits('http://evil.example')).toBe(false);
    expect(pin.postOrigin).toBe('http://127.0.0.1:5001');
  });

  it('normalises an origin written with a trailing slash or capitals', () => {
    expect(new OriginPin('http://127.0.0.1:5001/', false).postOrigin).toBe('http://127.0.0.1:5001');
    expect(new OriginPin('HTTPS://Example.COM', false).postOrigin).toBe('https://example.com');
    expect(new OriginPin('https://example.com:443', false).postOrigin).toBe('https://example.com');
  });

  it.each([
    '',
    '/',
    'example.com',
    'http://example.com/path',
    'http://example.com/?q',
    'http://u:p@example.com',
    'file:///x',
    'null',
  ])('refuses %j as a target origin', (origin) => {
    expect(() => new OriginPin(origin, false)).toThrow(/bridge targetOrigin must be an origin/);
  });

  it("refuses '*' unless any origin is explicitly allowed", () => {
    expect(() => new OriginPin('*', false)).toThrow("bridge targetOrigin '*' requires allowAnyOrigin: true");
  });

  it("with '*', admits any origin until the first pin, then only that one", () => {
    const pin = new OriginPin('*', true);
    expect(pin.admits('http://a.example')).toBe(true);
    expect(pin.admits('http://b.example')).toBe(true);
    expect(pin.postOrigin).toBe('*');
    expect(pin.pinned).toBeUndefined();
    pin.pin('http://a.example');
    pin.pin('http://b.example');
    expect(pin.pinned).toBe('http://a.example');
    expect(pin.admits('http://a.example')).toBe(true);
    expect(pin.admits('http://b.example')).toBe(false);
    expect(pin.postOrigin).toBe('http://a.example');
  });

  it("posts to '*' when the pinned origin is opaque (a sandboxed frame)", () => {
    const pin = new OriginPin('*', true);
    pin.pin('null');
    expect(pin.admits('null')).toBe(true);
    expect(pin.admits('http://a.example')).toBe(false);
    expect(pin.postOrigin).toBe('*');
  });
});
