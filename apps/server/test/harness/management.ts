// Operators, players and pairings made through the real HTTP routes, for the management, ingest and fuzz tests.

import { decodeJwt } from 'jose';
import { playerDocumentPath, type AuthObject } from '@marquee/protocol';
import type { App } from '../../src/app';

export const PASSWORD = 'correct horse 1';

export interface TestOperator {
  token: string;
  refreshToken: string;
  userId: string;
  orgId: string;
  email: string;
}

export interface TestPlayer {
  id: string;
  auth: AuthObject;
  /** The pairing code it was given at registration. */
  code: string;
}

let sequence = 0;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs up a new operator with a new organisation. */
export async function signUpOperator(app: App, orgName = 'Acme'): Promise<TestOperator> {
  const email = `operator${++sequence}-${Date.now()}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { email, password: PASSWORD, orgName },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{
    idToken: string;
    refreshToken: string;
    user: { id: string };
    org: { id: string };
  }>();
  return {
    token: body.idToken,
    refreshToken: body.refreshToken,
    userId: body.user.id,
    orgId: body.org.id,
    email,
  };
}

/** Registers a new player through the player API; it is unpaired and shows `code`. */
export async function registerPlayer(
  app: App,
  options: { hardwareId?: string | null; name?: string; platform?: string } = {},
): Promise<TestPlayer> {
  const n = ++sequence;
  const response = await app.inject({
    method: 'POST',
    url: '/_internal/players',
    // Each registration from its own address, so the per-address registration limit never gets in the way.
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    payload: {
      settings: { name: options.name ?? 'Lobby', orientation: 'portrait' },
      device: {
        id: `device-${n}`,
        model: 'Model X',
        platform: options.platform ?? 'browser',
        device: { hardware_id: options.hardwareId ?? null },
      },
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  const auth = response.json<AuthObject>();
  const id = decodeJwt(auth.apiToken).sub as string;
  const row = await app.services.db
    .selectFrom('players')
    .select('pairing_code')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, auth, code: row.pairing_code as string };
}

export interface PairedScreen {
  screenId: string;
  player: TestPlayer;
}

/** Registers a player and pairs it into the operator's organisation. */
export async function pairedScreen(app: App, operator: TestOperator, name?: string): Promise<PairedScreen> {
  const player = await registerPlayer(app);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/screens/pair',
    headers: bearer(operator.token),
    payload: { code: player.code, ...(name === undefined ? {} : { name }) },
  });
  if (response.statusCode !== 201) throw new Error(`pairing failed: ${response.statusCode} ${response.body}`);
  return { screenId: response.json<{ id: string }>().id, player };
}

/** The player's realtime document (stored form). */
export async function playerDoc(app: App, playerId: string): Promise<unknown> {
  return (await app.services.documents.get(playerDocumentPath(playerId))).value;
}

/** Minimal valid files of each media type, by their magic bytes. */
export const SAMPLE_FILES = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(56, 1)]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 2)]),
  gif: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(58, 3)]),
  webp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(48, 4),
  ]),
  mp4: Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(1000, 5)]),
  webm: Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]),
    Buffer.from('webm'),
    Buffer.alloc(52, 6),
  ]),
  html: Buffer.from('<!doctype html><script>alert(1)</script>'),
};

/** A multipart/form-data body with one file part (and optional text fields). */
export function multipartBody(
  file: { content: Buffer; filename?: string; contentType?: string; field?: string },
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----marquee${++sequence}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename ?? 'file.bin'}"\r\n` +
        `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
