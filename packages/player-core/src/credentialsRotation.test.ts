import { describe, expect, it, vi } from 'vitest';
import { rotateCredentials } from './credentialsRotation';
import { createHttpClient, type FetchLike } from './httpClient';

const rotated = { apiToken: 'a2', firebaseTokenV2: 'f2', secret: 's2' };

function client(status: number, body: unknown) {
  const fetchImpl = vi.fn<FetchLike>(async () => new Response(JSON.stringify(body), { status }));
  const http = createHttpClient({
    baseUrl: 'http://api',
    getToken: () => 'api-token',
    fetch: fetchImpl,
    events: null,
    logger: { error: () => {} },
  });
  return { http, fetchImpl };
}

describe('rotateCredentials', () => {
  it('sends DELETE .../credentials with the secret, not the API token, and answers the new auth', async () => {
    const { http, fetchImpl } = client(200, rotated);
    await expect(rotateCredentials(http, 'room 1', 'old-secret')).resolves.toEqual(rotated);
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('http://api/_internal/players/room%201/credentials');
    expect(init?.method).toBe('DELETE');
    expect(init?.headers).toEqual({ Authorization: 'old-secret' });
  });

  it('passes a refusal on and refuses an answer that is no auth object', async () => {
    await expect(rotateCredentials(client(401, {}).http, 'p', 's')).rejects.toMatchObject({ status: 401 });
    await expect(rotateCredentials(client(200, { apiToken: 'a' }).http, 'p', 's')).rejects.toThrow(
      'The credentials rotation answered no auth object',
    );
  });
});
