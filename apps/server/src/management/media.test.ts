import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import {
  SAMPLE_FILES,
  bearer,
  multipartBody,
  pairedScreen,
  signUpOperator,
  type TestOperator,
} from '../../test/harness/management';
import { IMMUTABLE_MEDIA_CACHE, REVALIDATED_MEDIA_CACHE } from '../media/mediaFileRoutes';

const MAX_BYTES = 4096;

describe('/api/v1/media and /media/{id}', () => {
  let test: TestApp;
  let operator: TestOperator;

  beforeAll(async () => {
    test = await startTestApp({ mediaMaxBytes: MAX_BYTES });
    operator = await signUpOperator(test.app, 'Media Org');
  });
  afterAll(async () => {
    await test.close();
  });

  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const mediaDir = () => path.join(test.config.dataDir, 'media');
  const storedFiles = () => fs.readdirSync(mediaDir()).sort();

  function send(
    method: 'POST' | 'PUT',
    url: string,
    file: Parameters<typeof multipartBody>[0],
    token = operator.token,
    fields: Record<string, string> = {},
  ) {
    const body = multipartBody(file, fields);
    return test.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  }
  const upload = (file: Parameters<typeof multipartBody>[0], token = operator.token) =>
    send('POST', '/media', file, token);
  const count = async () =>
    Number(
      (
        await test.app.services.db
          .selectFrom('media')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('POST /media', () => {
    it.each([
      ['png', 'image/png', 'image'],
      ['jpeg', 'image/jpeg', 'image'],
      ['gif', 'image/gif', 'image'],
      ['webp', 'image/webp', 'image'],
      ['mp4', 'video/mp4', 'video'],
      ['webm', 'video/webm', 'video'],
    ] as const)('accepts a %s file, recognised by its bytes', async (name, type, kind) => {
      const content = SAMPLE_FILES[name];
      const response = await upload({
        content,
        filename: `../dir/clip.${name}`,
        contentType: 'application/octet-stream',
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-9a-v]{25}$/),
        filename: `clip.${name}`,
        contentType: type,
        kind,
        size: content.length,
        sha256: sha256(content),
        url: `${test.config.publicUrl}/media/${body.id}?v=${sha256(content).slice(0, 16)}`,
        createdAt: test.clock(),
      });
      expect(fs.readFileSync(path.join(mediaDir(), sha256(content))).equals(content)).toBe(true);
    });

    it('refuses a file whose bytes are no accepted type, whatever it claims, storing nothing', async () => {
      const before = [await count(), storedFiles()];
      const html = await upload({ content: SAMPLE_FILES.html, contentType: 'image/png', filename: 'x.png' });
      expect(html.statusCode).toBe(415);
      expect(html.json().error).toEqual({
        code: 'UNSUPPORTED_MEDIA',
        message: 'The file is not a PNG, JPEG, GIF, WebP, MP4 or WebM file',
        field: 'file',
      });
      const empty = await upload({ content: Buffer.alloc(0) });
      expect(empty.statusCode).toBe(415);
      const mismatch = await upload({ content: SAMPLE_FILES.gif, contentType: 'image/png' });
      expect(mismatch.statusCode).toBe(415);
      expect(mismatch.json().error.message).toBe('The file is image/gif, not image/png as declared');
      expect([await count(), storedFiles()]).toEqual(before);
    });

    it('refuses a file over the size limit with 413, storing nothing', async () => {
      const before = [await count(), storedFiles()];
      const big = Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(MAX_BYTES)]);
      const response = await upload({ content: big });
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toMatchObject({
        code: 'FILE_TOO_LARGE',
        message: 'The file is larger than 4096 bytes',
      });
      expect([await count(), storedFiles()]).toEqual(before);
      const exact = Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(MAX_BYTES - SAMPLE_FILES.png.length)]);
      expect((await upload({ content: exact })).statusCode).toBe(201);
    });

    it('refuses what is not a multipart upload of one file', async () => {
      const json = await test.app.inject({
        method: 'POST',
        url: '/api/v1/media',
        headers: bearer(operator.token),
        payload: { file: 'x' },
      });
      expect(json.statusCode).toBe(415);
      const noFile = await test.app.inject({
        method: 'POST',
        url: '/api/v1/media',
        headers: { ...bearer(operator.token), 'content-type': 'multipart/form-data; boundary=abc' },
        payload: '--abc\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n--abc--\r\n',
      });
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().error.code).toBe('NO_FILE');
      const truncated = await test.app.inject({
        method: 'POST',
        url: '/api/v1/media',
        headers: { ...bearer(operator.token), 'content-type': 'multipart/form-data; boundary=abc' },
        payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      });
      expect(truncated.statusCode).toBe(400);
      expect(truncated.json().error.code).toBe('MALFORMED_MULTIPART');
      const noBoundary = await test.app.inject({
        method: 'POST',
        url: '/api/v1/media',
        headers: { ...bearer(operator.token), 'content-type': 'multipart/form-data' },
        payload: 'x',
      });
      expect(noBoundary.statusCode).toBe(400);
    });

    it('requires an operator before reading the upload', async () => {
      const before = await count();
      const body = multipartBody({ content: SAMPLE_FILES.png });
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/v1/media',
        headers: body.headers,
        payload: body.payload,
      });
      expect(response.statusCode).toBe(401);
      expect(await count()).toBe(before);
    });
  });

  describe('GET /media (list)', () => {
    it("lists the organisation's files, newest first, and only those", async () => {
      const own = await signUpOperator(test.app, 'Lister');
      const first = (await upload({ content: SAMPLE_FILES.png, filename: 'a.png' }, own.token)).json();
      test.clock.advance(1000);
      const second = (await upload({ content: SAMPLE_FILES.webm, filename: 'b.webm' }, own.token)).json();
      const response = await test.app.inject({ url: '/api/v1/media', headers: bearer(own.token) });
      expect(response.statusCode).toBe(200);
      expect(response.json().media).toEqual([second, first]);
    });
  });

  describe('GET /media/{id} (public bytes)', () => {
    it('serves the bytes with their type, an ETag, and long caching for the versioned URL', async () => {
      const media = (await upload({ content: SAMPLE_FILES.mp4 })).json();
      const versioned = await test.app.inject({
        url: new URL(media.url).pathname + new URL(media.url).search,
      });
      expect(versioned.statusCode).toBe(200);
      expect(versioned.headers['content-type']).toBe('video/mp4');
      expect(versioned.headers['cache-control']).toBe(IMMUTABLE_MEDIA_CACHE);
      expect(versioned.headers.etag).toBe(`"${media.sha256}"`);
      expect(versioned.headers['accept-ranges']).toBe('bytes');
      expect(versioned.rawPayload.equals(SAMPLE_FILES.mp4)).toBe(true);

      const bare = await test.app.inject({ url: `/media/${media.id}` });
      expect(bare.headers['cache-control']).toBe(REVALIDATED_MEDIA_CACHE);
      const stale = await test.app.inject({ url: `/media/${media.id}?v=0000` });
      expect(stale.headers['cache-control']).toBe(REVALIDATED_MEDIA_CACHE);

      const notModified = await test.app.inject({
        url: `/media/${media.id}`,
        headers: { 'if-none-match': `"${media.sha256}"` },
      });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');
    });

    it('answers Range requests (video seeking)', async () => {
      const media = (await upload({ content: SAMPLE_FILES.mp4 })).json();
      const partial = await test.app.inject({ url: `/media/${media.id}`, headers: { range: 'bytes=4-11' } });
      expect(partial.statusCode).toBe(206);
      expect(partial.headers['content-range']).toBe(`bytes 4-11/${SAMPLE_FILES.mp4.length}`);
      expect(partial.body).toBe('ftypisom');
      const unsatisfiable = await test.app.inject({
        url: `/media/${media.id}`,
        headers: { range: `bytes=${SAMPLE_FILES.mp4.length + 10}-` },
      });
      expect(unsatisfiable.statusCode).toBe(416);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await test.app.inject({ url: '/media/0000000000000000000000000' })).statusCode).toBe(404);
      expect((await test.app.inject({ url: '/media/..%2f..%2fetc%2fpasswd' })).statusCode).toBe(400);
    });
  });

  describe('PUT /media/{id}', () => {
    it('replaces the bytes; the old file goes once nothing names it', async () => {
      const old = Buffer.concat([SAMPLE_FILES.gif, Buffer.from('only here')]);
      const media = (await upload({ content: old, filename: 'old.gif' })).json();
      expect(storedFiles()).toContain(sha256(old));
      const response = await send('PUT', `/media/${media.id}`, {
        content: SAMPLE_FILES.webp,
        filename: 'new.webp',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: media.id,
        filename: 'new.webp',
        contentType: 'image/webp',
        sha256: sha256(SAMPLE_FILES.webp),
        createdAt: media.createdAt,
      });
      expect(response.json().url).not.toBe(media.url);
      expect(storedFiles()).not.toContain(sha256(old));
      const served = await test.app.inject({ url: `/media/${media.id}` });
      expect(served.rawPayload.equals(SAMPLE_FILES.webp)).toBe(true);
    });

    it("answers 404 for another organisation's file and refuses bad bytes", async () => {
      const media = (await upload({ content: SAMPLE_FILES.png })).json();
      const other = await signUpOperator(test.app, 'Thief');
      expect(
        (await send('PUT', `/media/${media.id}`, { content: SAMPLE_FILES.jpeg }, other.token)).statusCode,
      ).toBe(404);
      expect((await send('PUT', `/media/${media.id}`, { content: SAMPLE_FILES.html })).statusCode).toBe(415);
      const served = await test.app.inject({ url: `/media/${media.id}` });
      expect(served.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);
    });
  });

  describe('DELETE /media/{id}', () => {
    it('deletes an unused file (and its bytes once no row names them), refuses one in use', async () => {
      const unique = Buffer.concat([SAMPLE_FILES.jpeg, Buffer.from('unique')]);
      const first = (await upload({ content: unique })).json();
      const twin = (await upload({ content: unique })).json();
      const del = (id: string) =>
        test.app.inject({ method: 'DELETE', url: `/api/v1/media/${id}`, headers: bearer(operator.token) });

      expect((await del(first.id)).json()).toEqual({ deleted: first.id });
      expect(storedFiles()).toContain(sha256(unique)); // the twin still names the bytes

      const { screenId } = await pairedScreen(test.app, operator, 'Shows the twin');
      await test.app.inject({
        method: 'PATCH',
        url: `/api/v1/screens/${screenId}`,
        headers: bearer(operator.token),
        payload: { content: twin.id },
      });
      const inUse = await del(twin.id);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json().error).toMatchObject({
        code: 'MEDIA_IN_USE',
        screens: [{ id: screenId, name: 'Shows the twin' }],
      });

      await test.app.inject({
        method: 'PATCH',
        url: `/api/v1/screens/${screenId}`,
        headers: bearer(operator.token),
        payload: { content: [] },
      });
      expect((await del(twin.id)).statusCode).toBe(200);
      expect(storedFiles()).not.toContain(sha256(unique));
      expect((await test.app.inject({ url: `/media/${twin.id}` })).statusCode).toBe(404);
      expect((await del(twin.id)).statusCode).toBe(404);
    });

    it('refuses a file a playlist contains, naming the playlist; it goes once the playlist drops it', async () => {
      const file = (await upload({ content: Buffer.concat([SAMPLE_FILES.gif, Buffer.from('menu')]) })).json();
      const playlists = (method: 'POST' | 'PATCH', url: string, payload: object) =>
        test.app.inject({ method, url: `/api/v1${url}`, headers: bearer(operator.token), payload });
      const menu = (
        await playlists('POST', '/playlists', {
          name: 'Menu board',
          items: [{ src: file.id, durationMs: 5000 }],
        })
      ).json();
      const del = () =>
        test.app.inject({
          method: 'DELETE',
          url: `/api/v1/media/${file.id}`,
          headers: bearer(operator.token),
        });
      const inUse = await del();
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json().error).toMatchObject({
        code: 'MEDIA_IN_USE',
        playlists: [{ id: menu.id, name: 'Menu board' }],
        screens: [],
      });
      expect(inUse.json().error.message).toContain("playlist 'Menu board'");
      expect((await test.app.inject({ url: `/media/${file.id}` })).statusCode).toBe(200);
      await playlists('PATCH', `/playlists/${menu.id}`, { items: [] });
      expect((await del()).statusCode).toBe(200);
    });
  });
});
