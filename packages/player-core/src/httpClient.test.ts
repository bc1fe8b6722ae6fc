import { describe, expect, it, vi } from 'vitest';
import { HTTP_CLIENT_ERROR_EVENT, HttpClientError, createHttpClient, type FetchLike } from './httpClient';

function setup(fetchImpl: FetchLike, token: string | null = 'api-token') {
  const events = new EventTarget();
  const logger = { error: vi.fn() };
  const received: HttpClientError[] = [];
  events.addEventListener(HTTP_CLIENT_ERROR_EVENT, (event) => received.push((event as CustomEvent).detail));
  const client = createHttpClient({
    baseUrl: 'http://api.test',
    getToken: () => token,
    fetch: fetchImpl,
    events,
    logger,
  });
  return { client, logger, received };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('createHttpClient', () => {
  it('sends the API token as the bare Authorization header and JSON bodies', async () => {
    const fetchImpl = vi.fn<FetchLike>(async () => json(200, { ok: true }));
    const { client } = setup(fetchImpl);
    await expect(
      client.request('PATCH', '/_internal/players/p/settings', { body: { name: 'A' } }),
    ).resolves.toEqual({
      ok: true,
    });
    expect(fetchImpl).toHaveBeenCalledWith('http://api.test/_internal/players/p/settings', {
      method: 'PATCH',
      headers: { Authorization: 'api-token', 'Content-Type': 'application/json' },
      body: '{"name":"A"}',
    });
  });

  it('lets a call send another credential (the secret) or a raw body', async () => {
    const fetchImpl = vi.fn<FetchLike>(async () => new Response(''));
    const { client } = setup(fetchImpl);
    await expect(client.request('DELETE', '/x', { authorization: 'secret' })).resolves.toBeNull();
    expect(fetchImpl.mock.calls[0]?.[1].headers).toEqual({ Authorization: 'secret' });
    const bytes = new Uint8Array([1, 2]);
    await client.request('POST', '/shot', { body: bytes, contentType: 'image/png' });
    expect(fetchImpl.mock.calls[1]?.[1]).toMatchObject({
      body: bytes,
      headers: { 'Content-Type': 'image/png' },
    });
  });

  it('rebroadcasts a failed response as the HTTP-client error event, then rejects with that error', async () => {
    const body = { error: { code: 'DUPLICATE_HARDWARE_ID', message: 'dup', hardware_id: 'hw' } };
    const { client, received, logger } = setup(async () => json(409, body));
    const failure = await client.request('POST', '/_internal/players').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpClientError);
    expect(received).toEqual([failure]);
    const error = failure as HttpClientError;
    expect([error.status, error.code, error.message, error.data]).toEqual([
      409,
      'DUPLICATE_HARDWARE_ID',
      'dup',
      body,
    ]);
    expect(logger.error).toHaveBeenCalledWith('[HttpClientError] http://api.test/_internal/players dup', {
      status: 409,
      data: body,
    });
  });

  it('treats a network failure as status 0', async () => {
    const { client, received } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.request('GET', '/a')).rejects.toMatchObject({
      status: 0,
      message: 'Failed to fetch',
    });
    expect(received).toHaveLength(1);
  });

  it('logs a repeated failure once, every event still dispatched, and logs again after a success', async () => {
    let status = 500;
    const { client, received, logger } = setup(async () => json(status, {}));
    await client.request('POST', '/hb').catch(() => {});
    await client.request('POST', '/hb').catch(() => {});
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(received).toHaveLength(2);
    status = 200;
    await client.request('POST', '/hb');
    status = 500;
    await client.request('POST', '/hb').catch(() => {});
    expect(logger.error).toHaveBeenCalledTimes(2);
  });

  it('sends no Authorization before there is a token', async () => {
    const fetchImpl = vi.fn<FetchLike>(async () => json(200, {}));
    const { client } = setup(fetchImpl, null);
    await client.request('POST', '/_internal/players', { body: {} });
    expect(fetchImpl.mock.calls[0]?.[1].headers).toEqual({ 'Content-Type': 'application/json' });
  });
});
