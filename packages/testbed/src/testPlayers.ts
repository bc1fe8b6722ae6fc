// A player as a screen makes itself, for tests against the real server: registration (POST /_internal/players, an
// unpaired player with its pairing code), then the custom-token sign-in at the identity service.

let registrations = 0;

export interface SignedInPlayer {
  /** The player id (the API token's subject). */
  id: string;
  /** ID token for the realtime `auth` frame. */
  idToken: string;
  /** Authorization of the player API. */
  apiToken: string;
}

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

function jwtSubject(token: string): string {
  const payload = token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub;
}

/** Registers an unpaired player on the server at `origin` (http://host:port) and signs it in. */
export async function registerAndSignIn(origin: string): Promise<SignedInPlayer> {
  const n = ++registrations;
  const auth = await postJson<{ apiToken: string; firebaseTokenV2: string }>(`${origin}/_internal/players`, {
    settings: { name: `Lobby ${n}`, orientation: 'landscape' },
    device: {
      id: `device-${n}-${Date.now()}`,
      model: 'Test',
      platform: 'browser',
      device: { hardware_id: null },
    },
  });
  const session = await postJson<{ idToken: string }>(
    `${origin}/identity/v1/accounts:signInWithCustomToken`,
    {
      token: auth.firebaseTokenV2,
      returnSecureToken: true,
    },
  );
  return { id: jwtSubject(auth.apiToken), idToken: session.idToken, apiToken: auth.apiToken };
}
