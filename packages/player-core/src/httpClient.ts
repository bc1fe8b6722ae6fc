// The player's HTTP client (docs/player.md §Logging and monitoring, §Errors): every call carries Authorization = the
// API token (bare, as docs/protocols/player-api.md §Authentication has it). A failed response — an HTTP error status
// or a network failure — is rebroadcast as a window event named for the HTTP-client error, with the error as its
// detail, and then rejected. It is logged as '[HttpClientError] {url} {message}' with status and response data, once
// per distinct failure in a row: a request retried every minute against a dead server logs once, not every minute.

import type { Logger } from './logger';

export const HTTP_CLIENT_ERROR_EVENT = 'HttpClientError';
const HTTP_CLIENT_ERROR_LABEL = '[HttpClientError]';

export class HttpClientError extends Error {
  readonly url: string;
  readonly method: string;
  /** 0 for a network failure. */
  readonly status: number;
  /** The response body (parsed JSON when it was JSON), or null. */
  readonly data: unknown;
  constructor(init: { message: string; url: string; method: string; status: number; data: unknown }) {
    super(init.message);
    this.name = 'HttpClientError';
    this.url = init.url;
    this.method = init.method;
    this.status = init.status;
    this.data = init.data;
  }
  /** The API's error code ({error:{code}}), when the body has one. */
  get code(): string | null {
    const error = (this.data as { error?: { code?: unknown } } | null)?.error;
    return typeof error?.code === 'string' ? error.code : null;
  }
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface HttpClientOptions {
  baseUrl: string;
  /** The API token (null before registration): sent as Authorization unless a call overrides it. */
  getToken: () => string | null;
  fetch?: FetchLike;
  /** Where the failure event is dispatched; default the global window. */
  events?: EventTarget | null;
  logger: Pick<Logger, 'error'>;
}

export interface RequestOptions {
  body?: unknown;
  /** Replaces the API token as Authorization (the credentials rotation sends the secret). */
  authorization?: string | null;
  /** Content type of a raw body (a screenshot); a body without one is sent as JSON. */
  contentType?: string;
}

export interface HttpClient {
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<T>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const events =
    options.events === undefined ? (globalThis as { window?: EventTarget }).window : options.events;
  let lastLogged: string | null = null;

  const fail = (error: HttpClientError): never => {
    const key = `${error.method} ${error.url} ${error.status} ${error.message}`;
    if (key !== lastLogged) {
      lastLogged = key;
      options.logger.error(`${HTTP_CLIENT_ERROR_LABEL} ${error.url} ${error.message}`, {
        status: error.status,
        data: error.data,
      });
    }
    events?.dispatchEvent(new CustomEvent(HTTP_CLIENT_ERROR_EVENT, { detail: error }));
    throw error;
  };

  return {
    async request<T>(method: string, path: string, request: RequestOptions = {}): Promise<T> {
      const url = `${options.baseUrl}${path}`;
      const headers: Record<string, string> = {};
      const authorization = request.authorization !== undefined ? request.authorization : options.getToken();
      if (authorization) headers.Authorization = authorization;
      let body: BodyInit | undefined;
      if (request.body !== undefined) {
        if (request.contentType !== undefined) {
          headers['Content-Type'] = request.contentType;
          body = request.body as BodyInit;
        } else {
          headers['Content-Type'] = 'application/json';
          body = JSON.stringify(request.body);
        }
      }
      let response: Response;
      try {
        response = await doFetch(url, { method, headers, body });
      } catch (error) {
        return fail(
          new HttpClientError({
            message: (error as Error).message || 'Network error',
            url,
            method,
            status: 0,
            data: null,
          }),
        );
      }
      const data = await readBody(response);
      if (!response.ok) {
        const apiMessage = (data as { error?: { message?: unknown } } | null)?.error?.message;
        const message =
          typeof apiMessage === 'string' ? apiMessage : `Request failed with status ${response.status}`;
        return fail(new HttpClientError({ message, url, method, status: response.status, data }));
      }
      lastLogged = null;
      return data as T;
    },
  };
}
