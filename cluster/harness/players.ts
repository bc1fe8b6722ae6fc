// Operators and paired players made through the real HTTP API, as the studio and the players make them: sign-up;
// registration (POST /_internal/players), custom-token sign-in at the identity service, the pairing code read from
// the player's own document (REST fallback), pairing by the operator. Each player sends from a loopback address of
// its own, as real screens do, so the default per-address rate limits hold; many are made in parallel with a bound
// on the requests in flight, and through nginx they spread over the nodes.

import http from 'node:http';
import type { AuthObject } from '@marquee/protocol';

/**
 * Environment for startCluster lifting the per-address HTTP rate limits, for tests that send many registrations or
 * sign-ins from 127.0.0.1 themselves (1,000,000 a minute is the most the configuration accepts).
 */
export const LIFTED_RATE_LIMITS: Record<string, string> = {
  MARQUEE_RATE_LIMIT_REGISTRATIONS: '1000000',
  MARQUEE_RATE_LIMIT_SIGN_INS: '1000000',
  MARQUEE_RATE_LIMIT_PLAYER_REQUESTS: '1000000',
};

export const OPERATOR_PASSWORD = 'cluster horse 1';

export interface Operator {
  /** ID token for the management API and the operator's realtime connection. */
  token: string;
  refreshToken: string;
  userId: string;
  orgId: string;
  email: string;
}

export interface ClusterPlayer {
  playerId: string;
  screenId: string;
  /** ID token (an hour), for the realtime `auth` frame and /db reads. */
  idToken: string;
  refreshToken: string;
  /** The custom token of the auth object, to sign in again. */
  customToken: string;
  /** Authorization of the player API (/_internal/players/{id}/…). */
  apiToken: string;
}

export interface HttpAnswer {
  status: number;
  body: unknown;
  text: string;
}

const REQUEST_TIMEOUT_MS = 30_000;
let sequence = 0;
const unique = () => `${process.pid}-${Date.now().toString(36)}-${++sequence}`;

export interface RequestOptions {
  /** Sent as `Authorization: Bearer …`. */
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * The loopback address to send from (127.x.y.z): nginx forwards it as the client's address, so each simulated
   * player is its own client for the per-address rate limits, as real screens are. Default 127.0.0.1.
   */
  from?: string;
  /** Default: a shared keep-alive agent. */
  agent?: http.Agent;
}

const sharedAgent = new http.Agent({ keepAlive: true });

/** The JSON of `text`; the text itself when it is not JSON (an HTML error page), null when empty. */
function parsed(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One JSON request over HTTP/1.1; answers the status and body whatever the status. */
export function request(
  origin: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      new URL(path, origin),
      { method, headers, agent: options.agent ?? sharedAgent, localAddress: options.from },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, body: parsed(text), text });
        });
      },
    );
    outgoing.setTimeout(REQUEST_TIMEOUT_MS, () =>
      outgoing.destroy(new Error(`${method} ${path}: no answer`)),
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** The n-th simulated client address: 127.1.0.0 onwards (127.0.0.1 is the tests' own). */
export function clientAddress(n: number): string {
  return `127.${1 + ((n >> 16) & 127)}.${(n >> 8) & 255}.${n & 255}`;
}

/** Like request, but throws (naming the step) unless the status is one of `expected`. */
async function expectStatus(
  step: string,
  expected: number[],
  ...args: Parameters<typeof request>
): Promise<HttpAnswer> {
  const answer = await request(...args);
  if (!expected.includes(answer.status)) {
    throw new Error(`${step}: ${args[1]} ${args[2]} answered ${answer.status}: ${answer.text}`);
  }
  return answer;
}

/** The `sub` claim of a JWT (the player id of an API token), read without verifying. */
function subjectOf(jwt: string): string {
  const payload = jwt.split('.')[1] ?? '';
  const sub = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown }).sub;
  if (typeof sub !== 'string') throw new Error('token without a subject');
  return sub;
}

/** Signs up a new operator with a new organisation. */
export async function createOperator(origin: string, orgName = 'Cluster'): Promise<Operator> {
  const email = `operator-${unique()}@example.com`;
  const answer = await expectStatus('operator sign-up', [201], origin, 'POST', '/api/v1/auth/signup', {
    body: { email, password: OPERATOR_PASSWORD, orgName },
  });
  const body = answer.body as {
    idToken: string;
    refreshToken: string;
    user: { id: string };
    org: { id: string };
  };
  return {
    token: body.idToken,
    refreshToken: body.refreshToken,
    userId: body.user.id,
    orgId: body.org.id,
    email,
  };
}

/** Registers an unpaired player; answers its id and auth object. */
export async function registerPlayer(
  origin: string,
  options: Pick<RequestOptions, 'from' | 'agent'> = {},
): Promise<{ playerId: string; auth: AuthObject }> {
  const answer = await expectStatus('registration', [201], origin, 'POST', '/_internal/players', {
    ...options,
    body: { device: { id: `device-${unique()}`, model: 'Cluster', platform: 'browser' } },
  });
  const auth = answer.body as AuthObject;
  return { playerId: subjectOf(auth.apiToken), auth };
}

/** Exchanges a custom token for an ID token at the identity service. */
export async function signInWithCustomToken(
  origin: string,
  customToken: string,
  options: Pick<RequestOptions, 'from' | 'agent'> = {},
): Promise<{ idToken: string; refreshToken: string }> {
  const answer = await expectStatus(
    'custom-token sign-in',
    [200],
    origin,
    'POST',
    '/identity/v1/accounts:signInWithCustomToken',
    { ...options, body: { token: customToken, returnSecureToken: true } },
  );
  const body = answer.body as { idToken: string; refreshToken: string };
  return { idToken: body.idToken, refreshToken: body.refreshToken };
}

let clients = 0;

/**
 * Registers a player, signs it in, reads the code it shows and pairs it into the operator's organisation. The
 * player's requests come from an address of its own (see RequestOptions.from), so the default rate limits hold.
 */
export async function createPlayer(origin: string, operator: Operator): Promise<ClusterPlayer> {
  const agent = new http.Agent({ keepAlive: true });
  const as = { from: clientAddress(++clients), agent };
  try {
    const { playerId, auth } = await registerPlayer(origin, as);
    const { idToken, refreshToken } = await signInWithCustomToken(origin, auth.firebaseTokenV2, as);
    const code = await expectStatus(
      'pairing code read',
      [200],
      origin,
      'GET',
      `/db/players/${playerId}/pairing/code.json?auth=${encodeURIComponent(idToken)}`,
      as,
    );
    if (typeof code.body !== 'string')
      throw new Error(`player ${playerId} shows no pairing code: ${code.text}`);
    const screen = await expectStatus('pairing', [201], origin, 'POST', '/api/v1/screens/pair', {
      token: operator.token,
      body: { code: code.body },
    });
    return {
      playerId,
      screenId: (screen.body as { id: string }).id,
      idToken,
      refreshToken,
      customToken: auth.firebaseTokenV2,
      apiToken: auth.apiToken,
    };
  } finally {
    agent.destroy();
  }
}

/** Runs `task` for 0…count-1 with at most `concurrency` in flight; answers the results in order. */
export async function inParallel<T>(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/** `count` paired players of the operator's organisation (four requests each, `concurrency` players at once). */
export function createPlayers(
  origin: string,
  operator: Operator,
  count: number,
  options: { concurrency?: number } = {},
): Promise<ClusterPlayer[]> {
  return inParallel(count, options.concurrency ?? 64, () => createPlayer(origin, operator));
}
