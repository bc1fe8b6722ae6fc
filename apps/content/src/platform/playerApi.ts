// The content player's calls to the server, made with the player's credentials (getAuthData over the bridge):
// error reports (POST /errors), log lines (POST /logs/lines), screenshots (POST /logs/{id}/screenshot), the device
// record (POST /logs/device), plays (POST /_internal/players/{id}/plays), and the identity sign-in its realtime
// listen needs.

import {
  CONTENT_PLAYER_NAME,
  decodeApiToken,
  type AuthObject,
  type LogLevelName,
  type PlayBatch,
  type PlayBatchAnswer,
} from '@marquee/protocol';
import type { ContentConfig } from './runtimeConfig';

/** The server answered, but not with a 2xx: `status` tells a refusal (4xx) from a failure (5xx). */
export class PlayerApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PlayerApiError';
  }
}

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

export interface PlayerApi {
  reportError(message: string, data?: unknown): Promise<void>;
  log(level: LogLevelName, message: string, data?: unknown): Promise<void>;
  uploadScreenshot(image: Blob): Promise<unknown>;
  sendDeviceRecord(record: unknown): Promise<void>;
  /** Uploads plays (docs/proof-of-play.md §Upload); throws PlayerApiError on a non-2xx answer. */
  uploadPlays(batch: PlayBatch): Promise<PlayBatchAnswer>;
  /** An ID token for the realtime database, from the player's custom token; null without credentials. */
  signIn(): Promise<{ idToken: string; expiresInMs: number } | null>;
  /** The player's id, from its API token; null without credentials. */
  playerId(): Promise<string | null>;
}

export function createPlayerApi(
  config: ContentConfig,
  getAuth: () => Promise<AuthObject | null>,
  fetchImpl: FetchLike = (url, init) => globalThis.fetch(url, init),
  clock: () => number = Date.now,
): PlayerApi {
  async function send(path: string, init: RequestInit): Promise<Response> {
    const auth = await getAuth();
    if (auth === null) throw new Error('The player has no credentials yet');
    const response = await fetchImpl(`${config.apiUrl}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), Authorization: auth.apiToken },
    });
    if (!response.ok) {
      throw new PlayerApiError(
        `${init.method ?? 'GET'} ${path} answered ${response.status}`,
        response.status,
      );
    }
    return response;
  }
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

  return {
    async reportError(message, data) {
      await send(
        '/errors',
        json({
          message,
          service: CONTENT_PLAYER_NAME,
          time: clock(),
          ...(data === undefined ? {} : { data }),
        }),
      );
    },
    async log(level, message, data) {
      await send(
        '/logs/lines',
        json({ lines: [{ level, message, time: clock(), ...(data === undefined ? {} : { data }) }] }),
      );
    },
    async uploadScreenshot(image) {
      const id = await this.playerId();
      if (id === null) throw new Error('The player has no credentials yet');
      const response = await send(`/logs/${encodeURIComponent(id)}/screenshot`, {
        method: 'POST',
        headers: { 'Content-Type': image.type },
        body: image,
      });
      return response.json();
    },
    async sendDeviceRecord(record) {
      await send('/logs/device', json(record));
    },
    async uploadPlays(batch) {
      const id = await this.playerId();
      if (id === null) throw new Error('The player has no credentials yet');
      const response = await send(`/_internal/players/${encodeURIComponent(id)}/plays`, json(batch));
      return (await response.json()) as PlayBatchAnswer;
    },
    async signIn() {
      const auth = await getAuth();
      if (auth === null) return null;
      const response = await fetchImpl(
        `${config.identityUrl}/accounts:signInWithCustomToken`,
        json({ token: auth.firebaseTokenV2, returnSecureToken: true }),
      );
      if (!response.ok) throw new Error(`Realtime sign-in answered ${response.status}`);
      const body = (await response.json()) as { idToken: string; expiresIn: string | number };
      return { idToken: body.idToken, expiresInMs: Number(body.expiresIn) * 1000 };
    },
    async playerId() {
      const auth = await getAuth();
      if (auth === null) return null;
      try {
        return decodeApiToken(auth.apiToken).playerId;
      } catch {
        return null;
      }
    },
  };
}
