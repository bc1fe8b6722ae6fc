// One fetch of an operator's feed (docs/layouts.md §Feeds): an http(s) GET under a time-out that covers the whole
// exchange, a size cap enforced while the body streams in, and a few redirects, each checked again to be http(s).
// A feed's address may be private (an intranet's news), like a webhook's: what protects screens is that only the
// cleaned text and image addresses ever leave the server.

export const FEED_USER_AGENT = 'Marquee-Feeds/1 (digital signage; fetches RSS and Atom feeds for screens)';
export const DEFAULT_FEED_TIMEOUT_MS = 10_000;
export const DEFAULT_FEED_MAX_BYTES = 2 * 1024 * 1024;
/** Redirects followed before a fetch fails. */
export const FEED_MAX_REDIRECTS = 3;
/** Longest error text kept per failure. */
const ERROR_MAX_LENGTH = 300;

export interface FeedFetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

/** Why a feed could not be fetched, in words for the operator. */
export class FeedFetchError extends Error {
  constructor(message: string) {
    super(message.slice(0, ERROR_MAX_LENGTH));
    this.name = 'FeedFetchError';
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  if (typeof cause?.code === 'string') {
    return `${cause.code}${typeof cause.message === 'string' ? `: ${cause.message}` : ''}`;
  }
  return error instanceof Error ? error.message : String(error);
}

function charsetOf(contentType: string | null): string {
  const charset = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType ?? '')?.[1];
  if (charset === undefined) return 'utf-8';
  try {
    new TextDecoder(charset);
    return charset;
  } catch {
    return 'utf-8';
  }
}

/** The body of `response`, refused as soon as it grows past `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new FeedFetchError(`larger than ${maxBytes} bytes (${declared} declared)`);
  }
  if (response.body === null) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new FeedFetchError(`larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

async function get(url: URL, limits: FeedFetchLimits, signal: AbortSignal): Promise<string> {
  let current = url;
  for (let redirects = 0; ; redirects += 1) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') {
      throw new FeedFetchError(`not an http(s) address: ${current.protocol}`);
    }
    const response = await fetch(current, {
      redirect: 'manual',
      signal,
      headers: {
        'user-agent': FEED_USER_AGENT,
        accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
      },
    });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      await response.body?.cancel().catch(() => {});
      if (redirects === FEED_MAX_REDIRECTS)
        throw new FeedFetchError(`more than ${FEED_MAX_REDIRECTS} redirects`);
      current = new URL(location, current);
      continue;
    }
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel().catch(() => {});
      throw new FeedFetchError(`answered ${response.status}`);
    }
    const body = await readCapped(response, limits.maxBytes);
    return new TextDecoder(charsetOf(response.headers.get('content-type'))).decode(body);
  }
}

/** The text of the document at `url`; throws a FeedFetchError saying why not. */
export async function fetchFeedText(url: string, limits: FeedFetchLimits): Promise<string> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  try {
    return await get(new URL(url), limits, timeout);
  } catch (error) {
    if (timeout.aborted) throw new FeedFetchError(`no complete answer within ${limits.timeoutMs} ms`);
    if (error instanceof FeedFetchError) throw error;
    throw new FeedFetchError(describe(error));
  }
}
