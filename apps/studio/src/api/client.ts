// The studio's HTTP client for the management API (/api/v1) and the identity service: bearer ID token, refreshed
// shortly before it expires and once more on a 401; errors as ApiError with the server's code and message.

import type { RouteBody, SessionAnswer } from '@marquee/management-api';
import type { SessionStore } from './sessionStore';
import type { Session } from './types';

/** Refresh this long before expiry, so no request goes out with a token about to lapse. */
const REFRESH_MARGIN_MS = 60_000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

export interface ApiClient {
  get<T>(path: string): Promise<T>;
  send<T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
  /** The body as a Blob (screenshots); null for a 404. */
  blob(path: string): Promise<Blob | null>;
  /** Multipart upload of one file with progress (0–1), through XMLHttpRequest (fetch reports no upload progress). */
  upload<T>(
    method: 'POST' | 'PUT',
    path: string,
    file: File,
    onProgress: (fraction: number) => void,
  ): Promise<T>;
  signIn(email: string, password: string): Promise<Session>;
  signUp(email: string, password: string, orgName: string): Promise<Session>;
  /** Keeps a session another call answered (an accepted invitation, a reset or changed password): signed in. */
  adoptSession(answer: SessionAnswer): Session;
  passwordPolicy(): Promise<unknown>;
  signOut(): void;
  /** A current ID token (refreshed if needed), for the realtime connection. */
  idToken(): Promise<string | null>;
}

interface ClientDeps {
  apiUrl: string;
  identityUrl: string;
  sessions: SessionStore;
  fetchImpl?: FetchLike;
  clock?: () => number;
  XhrImpl?: typeof XMLHttpRequest;
}

async function errorOf(response: Response): Promise<ApiError> {
  let body: { error?: { code?: unknown; message?: unknown; field?: unknown } } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // not JSON: a proxy's page, a network error page
  }
  const error = body.error ?? {};
  return new ApiError(
    response.status,
    typeof error.code === 'string' ? error.code : `HTTP_${response.status}`,
    typeof error.message === 'string'
      ? error.message
      : `The server answered ${response.status} ${response.statusText}`.trim(),
    typeof error.field === 'string' ? error.field : undefined,
  );
}

interface ErrorBody {
  error?: { code?: string; message?: string; field?: string };
}

function parseBody(text: string): ErrorBody | null {
  try {
    return JSON.parse(text) as ErrorBody;
  } catch {
    return null;
  }
}

const NETWORK_ERROR = () =>
  new ApiError(0, 'NETWORK', 'The Marquee server cannot be reached. Check your connection and try again.');

/** The session a sign-in's answer starts, its expiry counted from `now` (epoch ms). */
export function sessionFromAnswer(answer: SessionAnswer, now: number): Session {
  return {
    idToken: answer.idToken,
    refreshToken: answer.refreshToken,
    expiresAt: now + answer.expiresIn * 1000,
    user: answer.user,
    org: answer.org,
  };
}

export function createApiClient({
  apiUrl,
  identityUrl,
  sessions,
  fetchImpl,
  clock = Date.now,
  XhrImpl,
}: ClientDeps): ApiClient {
  const doFetch: FetchLike = fetchImpl ?? ((url, init) => globalThis.fetch(url, init));
  let refreshing: Promise<Session | null> | null = null;

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, init);
    } catch {
      throw NETWORK_ERROR();
    }
  }

  function refresh(session: Session): Promise<Session | null> {
    refreshing ??= (async () => {
      try {
        const response = await call(`${identityUrl}/token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: `grant_type=refresh_token&refresh_token=${encodeURIComponent(session.refreshToken)}`,
        });
        if (!response.ok) {
          sessions.set(null); // revoked, disabled or expired: sign in again
          return null;
        }
        const body = (await response.json()) as {
          id_token: string;
          refresh_token: string;
          expires_in: string;
        };
        const next: Session = {
          ...session,
          idToken: body.id_token,
          refreshToken: body.refresh_token,
          expiresAt: clock() + Number(body.expires_in) * 1000,
        };
        sessions.set(next);
        return next;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function token(): Promise<string | null> {
    const session = sessions.get();
    if (session === null) return null;
    if (clock() < session.expiresAt - REFRESH_MARGIN_MS) return session.idToken;
    return (await refresh(session))?.idToken ?? null;
  }

  async function authorized(path: string, init: RequestInit): Promise<Response> {
    const send = async (idToken: string | null) =>
      call(`${apiUrl}/api/v1${path}`, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          ...(idToken === null ? {} : { Authorization: `Bearer ${idToken}` }),
        },
      });
    let response = await send(await token());
    const session = sessions.get();
    if (response.status === 401 && session !== null) {
      const renewed = await refresh(session);
      if (renewed !== null) response = await send(renewed.idToken);
      else sessions.set(null);
    }
    return response;
  }

  async function json<T>(response: Response): Promise<T> {
    if (!response.ok) throw await errorOf(response);
    return (response.status === 204 ? undefined : await response.json()) as T;
  }

  async function startSession(
    path: string,
    body: RouteBody<'signIn'> | RouteBody<'signUp'>,
  ): Promise<Session> {
    const response = await call(`${apiUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return adoptSession(await json<SessionAnswer>(response));
  }

  function adoptSession(answer: SessionAnswer): Session {
    const session = sessionFromAnswer(answer, clock());
    sessions.set(session);
    return session;
  }

  return {
    get: async (path) => json(await authorized(path, { method: 'GET' })),
    send: async (method, path, body) =>
      json(
        await authorized(path, {
          method,
          ...(body === undefined
            ? {}
            : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
        }),
      ),
    async blob(path) {
      const response = await authorized(path, { method: 'GET' });
      if (response.status === 404) return null;
      if (!response.ok) throw await errorOf(response);
      return response.blob();
    },
    async upload(method, path, file, onProgress) {
      const idToken = await token();
      const Xhr = XhrImpl ?? XMLHttpRequest;
      return new Promise((resolve, reject) => {
        const xhr = new Xhr();
        xhr.open(method, `${apiUrl}/api/v1${path}`);
        if (idToken !== null) xhr.setRequestHeader('Authorization', `Bearer ${idToken}`);
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable) onProgress(event.loaded / event.total);
        };
        xhr.onerror = () => reject(NETWORK_ERROR());
        xhr.onload = () => {
          const body = parseBody(xhr.responseText);
          if (xhr.status >= 200 && xhr.status < 300) {
            onProgress(1);
            resolve(body as never);
          } else {
            reject(
              new ApiError(
                xhr.status,
                body?.error?.code ?? `HTTP_${xhr.status}`,
                body?.error?.message ?? `The upload failed (${xhr.status})`,
                body?.error?.field,
              ),
            );
          }
        };
        const form = new FormData();
        form.append('file', file, file.name);
        xhr.send(form);
      });
    },
    signIn: (email, password) => startSession('/auth/signin', { email, password }),
    signUp: (email, password, orgName) => startSession('/auth/signup', { email, password, orgName }),
    adoptSession,
    async passwordPolicy() {
      return json(await call(`${identityUrl}/passwordPolicy`, { method: 'GET' }));
    },
    signOut: () => sessions.set(null),
    idToken: token,
  };
}
