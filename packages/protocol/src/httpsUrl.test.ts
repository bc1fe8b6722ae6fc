import { describe, expect, it } from 'vitest';
import { forceHttps } from './httpsUrl';

describe('forceHttps', () => {
  it.each([
    ['http://marquee.example/content/pair', 'https://marquee.example/content/pair'],
    ['http://marquee.example', 'https://marquee.example'],
    ['http://marquee.example:8080/a?b=http://x#c', 'https://marquee.example:8080/a?b=http://x#c'],
    ['HTTP://marquee.example/x', 'https://marquee.example/x'],
    ['http://user@10.0.0.5/x', 'https://user@10.0.0.5/x'],
  ])('on an https page, %j becomes %j', (url, expected) => {
    expect(forceHttps(url, 'https:')).toBe(expected);
    expect(forceHttps(url, 'https')).toBe(expected);
  });

  it('keeps the scheme on an http page', () => {
    expect(forceHttps('http://localhost:8080/content', 'http:')).toBe('http://localhost:8080/content');
    expect(forceHttps('http://192.168.1.20/content', 'http')).toBe('http://192.168.1.20/content');
    expect(forceHttps('https://marquee.example/', 'http:')).toBe('https://marquee.example/');
  });

  it.each([
    'https://marquee.example/x',
    '/content/pair',
    'content/pair',
    '//marquee.example/x',
    'ws://marquee.example/socket',
    'about:blank',
    'data:text/html,hi',
    '',
    'http://',
    'http:marquee.example',
    'http:/marquee.example',
    'http:///path',
    'http://exa mple.example/',
    ' http://marquee.example/',
  ])('on an https page, leaves %j unchanged', (url) => {
    expect(forceHttps(url, 'https:')).toBe(url);
  });

  it('treats a page protocol other than https as http', () => {
    expect(forceHttps('http://marquee.example/', 'file:')).toBe('http://marquee.example/');
    expect(forceHttps('http://marquee.example/', '')).toBe('http://marquee.example/');
  });
});
