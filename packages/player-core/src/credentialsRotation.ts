// The credentials rotation (docs/protocols/player-api.md §Credentials): DELETE /_internal/players/{id}/credentials,
// sent with the stored secret as Authorization instead of the API token, answers a new auth object; the old API
// token, custom token and secret stop working at once, and the server clears a pending reset_credentials flag. The
// caller stores the new auth and reloads (docs/player.md §Action flags).

import type { AuthObject } from '@marquee/protocol';
import type { HttpClient } from './httpClient';
import { isAuthObject } from './storage';

const ROTATION_ANSWERED_NO_AUTH = 'The credentials rotation answered no auth object';

function credentialsPath(playerId: string): string {
  return `/_internal/players/${encodeURIComponent(playerId)}/credentials`;
}

/** Rotates the credentials of `playerId` with its `secret`; rejects with the HTTP client's error when refused. */
export async function rotateCredentials(
  http: Pick<HttpClient, 'request'>,
  playerId: string,
  secret: string,
): Promise<AuthObject> {
  const answer = await http.request<unknown>('DELETE', credentialsPath(playerId), { authorization: secret });
  if (!isAuthObject(answer)) throw new Error(ROTATION_ANSWERED_NO_AUTH);
  return answer;
}
