import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { tempDir } from '../../test/harness/databases';
import {
  bearer,
  multipartBody,
  pairedScreen,
  SAMPLE_FILES,
  signUpOperator,
  type PairedScreen,
  type TestOperator,
} from '../../test/harness/management';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from './staticApps';

function expectCommonHeaders(response: LightMyRequestResponse, what: string): void {
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
}

describe('headers of every answer', () => {
  let test: TestApp;
  let appsDir: string;
  let operator: TestOperator;
  let screen: PairedScreen;
  let idToken: string;

  beforeAll(async () => {
    appsDir = tempDir('marquee-apps-');
    for (const [file, text] of [
      ['player/dist/index.html', '<!doctype html><html><head></head><body></body></html>'],
      ['player/dist/assets/index-abc123.js', 'console.log(1);'],
      ['player/dist/service-worker.js', 'self.x = 1;'],
    ] as const) {
      fs.mkdirSync(path.dirname(path.join(appsDir, file)), { recursive: true });
      fs.writeFileSync(path.join(appsDir, file), text);
    }
    test = await startTestApp({ appsDir });
    operator = await signUpOperator(test.app);
    screen = await pairedScreen(test.app, operator);
    const signIn = await test.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:signInWithCustomToken',
      payload: { token: screen.player.auth.firebaseTokenV2, returnSecureToken: true },
    });
    idToken = signIn.json<{ idToken: string }>().idToken;
  });
  afterAll(async () => {
    await test.close();
    fs.rmSync(appsDir, { recursive: true, force: true });
  });

  const send = (request: InjectOptions) => test.app.inject(request);

  it('sends no-store on the JSON answers of every API, which set no cache policy of their own', async () => {
    const answers: [string, InjectOptions][] = [
      ['management API', { url: '/api/v1/screens', headers: bearer(operator.token) }],
      [
        'player API',
        {
          method: 'POST',
          url: `/_internal/players/${screen.player.id}/heartbeat`,
          headers: bearer(screen.player.auth.apiToken),
        },
      ],
      ['identity', { url: '/identity/v1/passwordPolicy' }],
      ['realtime REST', { url: `/db/players/${screen.player.id}/settings.json?auth=${idToken}` }],
      [
        'logs',
        {
          method: 'POST',
          url: '/logs/lines',
          headers: bearer(screen.player.auth.apiToken),
          payload: { lines: [{ level: 'info', message: 'hello', time: 1 }] },
        },
      ],
      ['health', { url: '/healthz' }],
      ['readiness', { url: '/readyz' }],
    ];
    for (const [what, request] of answers) {
      const response = await send(request);
      expect(response.statusCode, `${what}: ${response.body}`).toBeGreaterThanOrEqual(200);
      expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(300);
      expectCommonHeaders(response, what);
      expect(response.headers['cache-control'], what).toBe('no-store');
    }
  });

  it('sends the same headers on error answers: 400, 401, 404, 413', async () => {
    const errors: [string, InjectOptions, number][] = [
      ['management API unauthenticated', { url: '/api/v1/screens' }, 401],
      [
        'player API bad body',
        { method: 'POST', url: '/_internal/players', payload: { settings: 'nope' } },
        400,
      ],
      [
        'identity bad body',
        { method: 'POST', url: '/identity/v1/accounts:signInWithPassword', payload: { email: 1 } },
        400,
      ],
      ['realtime REST without a token', { url: `/db/players/${screen.player.id}.json` }, 401],
      ['error ingest bad body', { method: 'POST', url: '/errors', payload: [1, 2] }, 400],
      ['unknown API route', { url: '/api/v1/nothing-here' }, 404],
      ['missing asset', { url: '/assets/missing-000.js' }, 404],
      [
        'body too large',
        {
          method: 'POST',
          url: '/_internal/players',
          headers: { 'content-type': 'application/json' },
          payload: `{"settings":"${'x'.repeat(2 * 1024 * 1024)}"}`,
        },
        413,
      ],
    ];
    for (const [what, request, status] of errors) {
      const response = await send(request);
      expect(response.statusCode, `${what}: ${response.body.slice(0, 200)}`).toBe(status);
      expectCommonHeaders(response, what);
      expect(response.headers['cache-control'], what).toBe('no-store');
    }
  });

  it('keeps the deliberate cache policy of media files and built files, with the common headers', async () => {
    const upload = multipartBody({ content: SAMPLE_FILES.png, filename: 'a.png' });
    const media = (
      await send({
        method: 'POST',
        url: '/api/v1/media',
        headers: { ...bearer(operator.token), ...upload.headers },
        payload: upload.payload,
      })
    ).json<{ url: string }>();
    const file = await send({ url: new URL(media.url).pathname + new URL(media.url).search });
    expect(file.statusCode).toBe(200);
    // The media route's own long cache for a versioned URL, not our no-store.
    expect(file.headers['cache-control']).toMatch(/max-age=[1-9]\d*/);
    expectCommonHeaders(file, 'media file');

    const asset = await send({ url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expectCommonHeaders(asset, 'hashed asset');
    const worker = await send({ url: '/service-worker.js' });
    expect(worker.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expectCommonHeaders(worker, 'service worker');
    const index = await send({ url: '/' });
    expect(index.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expectCommonHeaders(index, 'player page');
  });
});

describe('headers of a rate-limited answer', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ env: { MARQUEE_RATE_LIMIT_SIGN_INS: '1' } });
  });
  afterAll(async () => {
    await test.close();
  });

  it('sends them on 429 too', async () => {
    const signIn = () =>
      test.app.inject({
        method: 'POST',
        url: '/identity/v1/accounts:signInWithPassword',
        payload: { email: 'nobody@example.com', password: 'wrong password', returnSecureToken: true },
      });
    await signIn();
    const limited = await signIn();
    expect(limited.statusCode).toBe(429);
    expectCommonHeaders(limited, '429');
    expect(limited.headers['cache-control']).toBe('no-store');
  });
});
