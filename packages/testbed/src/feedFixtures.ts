// Feed documents for tests (docs/layouts.md §Feeds): a good RSS 2.0 and a good Atom feed made from items the test
// names, and a hostile RSS feed whose every field carries script, frames, event handlers and javascript: links.
// HOSTILE_GLOBAL is what the hostile feed's scripts would set on a page that ran them.

export interface FixtureItem {
  title: string;
  text: string;
  image?: string;
  /** ISO date. */
  published?: string;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function rssFeed(title: string, items: readonly FixtureItem[]): string {
  const entries = items
    .map(
      (item) => `<item>
  <title>${escapeXml(item.title)}</title>
  <description>${escapeXml(`<p>${item.text}</p>`)}</description>
  ${item.image === undefined ? '' : `<enclosure url="${escapeXml(item.image)}" type="image/jpeg" length="1000"/>`}
  ${item.published === undefined ? '' : `<pubDate>${new Date(item.published).toUTCString()}</pubDate>`}
</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>${escapeXml(title)}</title><link>https://example.com/</link>
<description>Fixture</description>
${entries}
</channel></rss>`;
}

export function atomFeed(title: string, items: readonly FixtureItem[]): string {
  const entries = items
    .map(
      (item, index) => `<entry>
  <id>urn:fixture:${index}</id>
  <title type="text">${escapeXml(item.title)}</title>
  <summary type="html">${escapeXml(`<p>${item.text}</p>`)}</summary>
  ${item.image === undefined ? '' : `<media:thumbnail url="${escapeXml(item.image)}"/>`}
  <updated>${item.published ?? '2025-01-15T12:00:00Z'}</updated>
</entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
<title>${escapeXml(title)}</title><id>urn:fixture</id><updated>2025-01-15T12:00:00Z</updated>
${entries}
</feed>`;
}

/** The global a hostile feed's script would set. */
export const HOSTILE_GLOBAL = '__feedInjected';

/** The words of the hostile feed's one item that a screen may show. */
export const HOSTILE_TITLE = 'Quarterly results';
export const HOSTILE_TEXT = 'Revenue is up.';

export function hostileRssFeed(): string {
  const script = `<script>window.${HOSTILE_GLOBAL}=1;alert(1)</script>`;
  const description = `<p onclick="window.${HOSTILE_GLOBAL}=2">${HOSTILE_TEXT}</p>${script}
<iframe src="javascript:window.${HOSTILE_GLOBAL}=3"></iframe>
<a href="javascript:window.${HOSTILE_GLOBAL}=4">click</a>
<img src="javascript:window.${HOSTILE_GLOBAL}=5" onerror="window.${HOSTILE_GLOBAL}=6">
<svg onload="window.${HOSTILE_GLOBAL}=7"></svg>
<style>body{display:none}</style>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Hostile<![CDATA[<script>window.${HOSTILE_GLOBAL}=8</script>]]></title>
<item>
  <title><![CDATA[${HOSTILE_TITLE}<script>window.${HOSTILE_GLOBAL}=9</script>]]></title>
  <description><![CDATA[${description}]]></description>
  <enclosure url="javascript:window.${HOSTILE_GLOBAL}=10" type="image/png" length="1"/>
</item>
</channel></rss>`;
}
