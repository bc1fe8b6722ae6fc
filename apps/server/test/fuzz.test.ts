// Limits and errors (docs/security.md §Limits, docs/management-api.md §Errors): random and malformed requests across
// EVERY route of the app (read from the app's own route table: management, ingest, player API, identity, realtime
// REST, static files, docs) must never get a 5xx, never crash the process, and never store anything.
//
// Only requests that must be refused are generated, so the whole database (and so every realtime document) must be
// byte for byte what it was before. The generator keeps that true by construction:
// - the one valid player credential used (P1's) never meets P1's id in a path, so the player API answers 403;
// - an operator's own ids only go to routes that need a valid body to change anything (reads, PATCH, PUT,
//   commands, pairing), never to DELETE or block/unblock;
// - fields the routes know are only ever given values of the wrong type (never strings or booleans).

import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema';
import { startTestApp, type TestApp } from './harness/app';
import {
  SAMPLE_FILES,
  bearer,
  multipartBody,
  pairedScreen,
  signUpOperator,
  type PairedScreen,
  type TestOperator,
} from './harness/management';

const RUNS = 10_000;
const SEED = 20_250_115;

/** Tables compared before and after; server_nodes is node bookkeeping renewed by a timer, not request data. */
const TABLES: (keyof Database)[] = [
  'orgs',
  'users',
  'player_accounts',
  'refresh_tokens',
  'signing_keys',
  'screens',
  'players',
  'commands',
  'media',
  'logs',
  'error_reports',
  'screenshots',
  'realtime_documents',
  'armed_disconnects',
];

async function snapshot(db: Kysely<Database>): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of TABLES) {
    const rows = await db.selectFrom(table).selectAll().execute();
    const text = rows
      .map((row) =>
        JSON.stringify(row, (_key, value: unknown) =>
          Buffer.isBuffer(value) ? value.toString('hex') : value,
        ),
      )
      .sort()
      .join('\n');
    result[table] = `${rows.length}:${createHash('sha256').update(text).digest('hex')}`;
  }
  return result;
}

const PRINTABLE = fc.constantFrom(
  ...' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~'.split(
    '',
  ),
);
const headerText = fc.string({ unit: PRINTABLE, maxLength: 200 });

/** Values of the wrong type for every known field: never a string or a boolean, so never a valid value. */
const wrongType = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constant(null),
  fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
  fc.object({ maxDepth: 1, maxKeys: 3 }),
);
const KNOWN_FIELDS = [
  'email',
  'password',
  'orgName',
  'code',
  'name',
  'orientation',
  'settings',
  'content',
  'command',
  'param',
  'lines',
  'message',
  'service',
  'device',
  'id',
  'platform',
  'model',
  'version',
  'updated_at',
  'token',
  'idToken',
  'refresh_token',
  'grant_type',
  'returnSecureToken',
  'mute',
];

interface Fixture {
  app: TestApp['app'];
  operator: TestOperator;
  own: PairedScreen;
  foreign: PairedScreen;
  ownMediaId: string;
  foreignMediaId: string;
  playerIdToken: string;
}

function requestArbitrary(fixture: Fixture) {
  const routes = fixture.app.routeTable.filter((route) => route.method !== 'HEAD');
  const { own, foreign } = fixture;
  const fakeIds = ['0000000000000000000000000', 'no-such-thing', 'a', '-', '_'];
  const ownIds = [own.screenId, own.player.id, fixture.ownMediaId];
  const foreignIds = [foreign.screenId, foreign.player.id, fixture.foreignMediaId];
  const randomSegment = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.constantFrom('..', '.', '%', '%00', '\u0000', 'a/b', 'x'.repeat(300), '🎉', '<script>'),
  );
  const paramValue = (ownAllowed: boolean) =>
    fc.oneof(fc.constantFrom(...fakeIds, ...foreignIds, ...(ownAllowed ? ownIds : [])), randomSegment);

  const authorization = fc.oneof(
    fc.constant(undefined),
    headerText,
    headerText.map((text) => `Bearer ${text}`),
    fc.constantFrom(
      `Bearer ${fixture.operator.token}`,
      fixture.own.player.auth.apiToken,
      `Bearer ${fixture.own.player.auth.apiToken}`,
      fixture.own.player.auth.firebaseTokenV2,
      fixture.own.player.auth.secret,
      `Bearer ${fixture.playerIdToken}`,
      `Bearer ${fixture.operator.token}x`,
      'Bearer',
      'Basic dXNlcjpwYXNz',
    ),
  );
  const contentType = fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'multipart/form-data',
      'multipart/form-data; boundary=xyz',
      'application/x-www-form-urlencoded',
      'image/png',
      'image/jpeg',
      'image/webp',
      'application/octet-stream',
      'application/xml',
    ),
    headerText,
  );
  const multipartGarbage = fc
    .tuple(fc.uint8Array({ maxLength: 200 }), fc.boolean())
    .map(([bytes, truncated]) => {
      const body = multipartBody({ content: Buffer.from(bytes), contentType: 'image/png' });
      return truncated ? body.payload.subarray(0, Math.max(0, body.payload.length - 20)) : body.payload;
    });
  const body = fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
    {
      weight: 3,
      arbitrary: fc
        .dictionary(fc.constantFrom(...KNOWN_FIELDS), wrongType, { maxKeys: 4 })
        .map((v) => JSON.stringify(v)),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: multipartGarbage },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"a":',
        '[]',
        'null',
        '""',
        '{"__proto__":{"polluted":1}}',
        '{"constructor":{"prototype":{"polluted":1}}}',
        'grant_type=refresh_token&refresh_token=nope',
        Buffer.alloc(2 * 1024 * 1024, 0x7b),
        Buffer.concat([SAMPLE_FILES.html, SAMPLE_FILES.png]),
      ),
    },
  );
  const queryKey = fc.oneof(
    fc.constantFrom(
      'limit',
      'cursor',
      'level',
      'v',
      'auth',
      'format',
      'a[b]',
      'a[]',
      '__proto__',
      'constructor[prototype][x]',
      'a[b][c][d][e][f][g]',
    ),
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
  );
  const query = fc.oneof(
    fc.constant(''),
    fc
      .array(fc.tuple(queryKey, fc.string({ maxLength: 30 })), { maxLength: 6 })
      .map((pairs) => pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')),
    fc.string({ unit: fc.constantFrom(...'%&=[]+;,abc01'.split('')), maxLength: 40 }),
    fc.constantFrom(
      Array.from({ length: 1200 }, (_, i) => `p${i}=1`).join('&'),
      Array.from({ length: 30 }, () => 'a[]=1').join('&'),
      'a[b][c][d][e][f][g][h]=1',
      'limit=-1',
      'limit=1e400',
      'limit=201',
      'cursor=1_x&cursor=2_y',
    ),
  );

  return fc
    .record({
      route: fc.constantFrom(...routes),
      params: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
      authorization,
      contentType,
      body,
      query,
      extraHeader: fc.option(
        fc.tuple(
          fc.constantFrom('range', 'if-none-match', 'accept', 'x-forwarded-for', 'content-encoding'),
          headerText,
        ),
      ),
    })
    .chain((request) => {
      const { method, url } = request.route;
      const ownAllowed =
        url.startsWith('/api/v1/') &&
        (['GET', 'PATCH', 'PUT'].includes(method) || url.endsWith('/commands') || url.endsWith('/pair'));
      const parts = url.split('::');
      const paramCount = parts.reduce(
        (count, part) => count + (part.match(/:[A-Za-z0-9_]+|\*$/g)?.length ?? 0),
        0,
      );
      return fc.tuple(
        fc.constant(request),
        fc.array(paramValue(ownAllowed), { minLength: paramCount, maxLength: paramCount }),
      );
    })
    .map(([request, values]) => {
      let index = 0;
      const path = request.route.url
        .split('::')
        .map((part) =>
          part
            .replace(/:[A-Za-z0-9_]+/g, () => encodeURIComponent(values[index++] ?? ''))
            .replace(/\*$/, () => (values[index++] ?? '').split('/').map(encodeURIComponent).join('/')),
        )
        .join(':');
      const headers: Record<string, string> = {};
      if (request.authorization !== undefined) headers.authorization = request.authorization;
      if (request.contentType !== undefined) headers['content-type'] = request.contentType;
      if (request.extraHeader !== null) headers[request.extraHeader[0]] = request.extraHeader[1];
      return {
        method: request.route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        url: request.query === '' ? path : `${path}?${request.query}`,
        headers,
        payload: request.body,
      };
    });
}

describe('fuzz: random and malformed requests across every route', () => {
  let test: TestApp;
  let fixture: Fixture;

  beforeAll(async () => {
    test = await startTestApp();
    const { app } = test;
    const operator = await signUpOperator(app, 'Fuzz A');
    const other = await signUpOperator(app, 'Fuzz B');
    const own = await pairedScreen(app, operator, 'Own');
    const foreign = await pairedScreen(app, other, 'Foreign');
    const uploadFor = async (owner: TestOperator) => {
      const file = multipartBody({ content: SAMPLE_FILES.png });
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/media',
        headers: { ...bearer(owner.token), ...file.headers },
        payload: file.payload,
      });
      return response.json<{ id: string }>().id;
    };
    const ownMediaId = await uploadFor(operator);
    const foreignMediaId = await uploadFor(other);
    await app.inject({
      method: 'PATCH',
      url: `/api/v1/screens/${own.screenId}`,
      headers: bearer(operator.token),
      payload: { content: [{ src: ownMediaId }, { src: 'https://example.com' }] },
    });
    const { idToken } = await app.services.identity.signInWithCustomToken(own.player.auth.firebaseTokenV2);
    fixture = { app, operator, own, foreign, ownMediaId, foreignMediaId, playerIdToken: idToken };
  });
  afterAll(async () => {
    await test.close();
  });

  it(`answers ${RUNS} refused requests with 4xx, stores nothing, and stays up`, async () => {
    const before = await snapshot(test.app.services.db);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requestArbitrary(fixture), async (request) => {
        const response = await test.app.inject(request);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500) {
          throw new Error(
            `${request.method} ${request.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
          );
        }
        // Reads may succeed; nothing that changes state may.
        if (request.method !== 'GET' && response.statusCode < 400) {
          throw new Error(
            `${request.method} ${request.url} was accepted (${response.statusCode}): ${response.body.slice(0, 300)}`,
          );
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBe(RUNS);
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    expect(await snapshot(test.app.services.db)).toEqual(before);
    const health = await test.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
  }, 180_000);
});
