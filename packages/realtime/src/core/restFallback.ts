// Reads over HTTP when the socket cannot be opened (docs/protocols/realtime.md §REST fallback):
// GET {restUrl}/db/{path}.json?auth={ID token}&format=export, with a REST_TIMEOUT_MS time-out. 401 (and 403) is
// permission denied; 404 is null data. Anything else (network down, time-out, a 5xx, a body that is not JSON)
// means the REST route is unavailable too, and the caller falls back to the local copy.

import type { RealtimeValue, Timers } from '@marquee/protocol';
import { RealtimeError } from '../errors';
import type { Logger } from './types';

export const REST_TIMEOUT_MS = 5_000;

export type FetchLike = (
  url: string,
  init: { signal: AbortSignal; headers?: Record<string, string> },
) => Promise<Pick<Response, 'status' | 'text'>>;

export interface RestFallbackOptions {
  /** Origin (and base path) of the server: `{restUrl}/db/…`. */
  restUrl: string;
  fetchImpl: FetchLike;
  getToken: () => Promise<string | null>;
  timers: Timers;
  logger: Logger;
}

/** The REST read's outcome: the value, or 'unavailable' when the route did not answer usefully. */
export type RestRead = { value: RealtimeValue } | 'unavailable';

export function restReadUrl(restUrl: string, segments: readonly string[], token: string | null): string {
  const path = segments.map(encodeURIComponent).join('/');
  const query = new URLSearchParams();
  if (token !== null) query.set('auth', token);
  query.set('format', 'export');
  return `${restUrl.replace(/\/+$/, '')}/db/${path}.json?${query.toString()}`;
}

/** Reads `segments` over REST; rejects only with PERMISSION_DENIED. */
export async function restRead(options: RestFallbackOptions, segments: readonly string[]): Promise<RestRead> {
  const { fetchImpl, timers, logger } = options;
  let token: string | null;
  try {
    token = await options.getToken();
  } catch {
    token = null;
  }
  const controller = new AbortController();
  const timer = timers.setTimeout(() => controller.abort(), REST_TIMEOUT_MS);
  try {
    const response = await fetchImpl(restReadUrl(options.restUrl, segments, token), {
      signal: controller.signal,
      headers: { accept: 'application/json' },
    });
    if (response.status === 401 || response.status === 403) {
      throw new RealtimeError(
        'PERMISSION_DENIED',
        `Permission denied: the client cannot read ${JSON.stringify(segments.join('/') || '/')}`,
      );
    }
    if (response.status === 404) return { value: null };
    if (response.status !== 200) {
      logger.warn(`realtime: the REST read answered ${response.status}`);
      return 'unavailable';
    }
    // The body is read under the same time-out.
    return { value: JSON.parse(await response.text()) as RealtimeValue };
  } catch (error) {
    if (error instanceof RealtimeError) throw error;
    logger.warn('realtime: the REST read failed', error);
    return 'unavailable';
  } finally {
    timers.clearTimeout(timer);
  }
}
