// What a feed's HTML becomes before it reaches a screen: words only, entities decoded, one line, bounded; images
// only from http(s) addresses.

import { describe, expect, it } from 'vitest';
import { bounded, firstImage, httpAddress, plainText } from './feedText';

describe('plainText', () => {
  it('keeps the words and drops every tag, script, style and frame', () => {
    const html = `<p>Hello &amp; <b>welcome</b></p><script>alert(1)</script><style>p{}</style>
      <iframe src="https://evil.example">framed</iframe><a href="javascript:alert(1)" onclick="x()">read more</a>`;
    expect(plainText(html, 200)).toBe('Hello & welcome read more');
  });

  it('decodes entities without turning them back into markup', () => {
    expect(plainText('5 &lt; 6 &gt; 4 &quot;quoted&quot; caf&eacute; &#x1F600;', 200)).toBe(
      '5 < 6 > 4 "quoted" café 😀',
    );
  });

  it('collapses whitespace and line breaks into single spaces', () => {
    expect(plainText('<p>one</p>\n\n<p>two\t three</p><br><br>four', 200)).toBe('one two three four');
  });

  it('cuts long text at a word and marks the cut', () => {
    const text = plainText(`<p>${'word '.repeat(100)}</p>`, 50);
    expect(text.length).toBeLessThanOrEqual(50);
    expect(text.endsWith('word…')).toBe(true);
    expect(bounded('abcdefghij', 5)).toBe('abcd…');
  });

  it('answers empty text for nothing', () => {
    expect(plainText(null, 10)).toBe('');
    expect(plainText('<script>only()</script>', 10)).toBe('');
  });
});

describe('images', () => {
  it('takes the first http(s) <img>, resolved against the feed', () => {
    const html =
      '<img src="javascript:alert(1)"><img src="data:image/png;base64,AA"><img src="/pic.jpg"><img src="https://b/2.png">';
    expect(firstImage(html, 'https://news.example/feed.xml')).toBe('https://news.example/pic.jpg');
    expect(firstImage('<p>no picture</p>', 'https://news.example/')).toBeNull();
  });

  it('accepts only http(s) addresses', () => {
    expect(httpAddress('https://a.example/x.png')).toBe('https://a.example/x.png');
    expect(httpAddress('javascript:alert(1)')).toBeNull();
    expect(httpAddress('file:///etc/passwd')).toBeNull();
    expect(httpAddress('not a url')).toBeNull();
    expect(httpAddress(`https://a.example/${'x'.repeat(3000)}`)).toBeNull();
  });
});
