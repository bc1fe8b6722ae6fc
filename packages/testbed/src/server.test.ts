import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type MarqueeServer } from './server';

/** Registers a player (with `apiToken`: registers it again, which only a player the server knows can). */
async function register(
  server: MarqueeServer,
  deviceId: string,
  apiToken?: string,
): Promise<{ status: number; apiToken: string }> {
  const response = await fetch(`${server.url}/_internal/players`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(apiToken === undefined ? {} : { authorization: `Bearer ${apiToken}` }),
    },
    body: JSON.stringify({ device: { id: deviceId, model: 'Test', platform: 'browser' } }),
  });
  const body = (await response.json()) as { apiToken: string };
  return { status: response.status, apiToken: body.apiToken };
}

describe('startServer', () => {
  let server: MarqueeServer | undefined;
  let apiToken = '';
  afterAll(async () => server?.close());

  it('runs the compiled server on SQLite in a data folder of its own', async () => {
    server = await startServer();
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const registered = await register(server, 'kept-device');
    expect(registered.status).toBe(201);
    apiToken = registered.apiToken;
    expect(fs.existsSync(path.join(server.dataDir, 'marquee.sqlite'))).toBe(true);
  });

  it('starts again on the same port and data after a stop or a kill', async () => {
    const running = server as MarqueeServer;
    const pid = running.pid;
    await running.kill();
    expect(running.running()).toBe(false);
    await expect(fetch(`${running.url}/readyz`)).rejects.toThrow();
    await running.start();
    expect(running.pid).not.toBe(pid);
    // The player registered before the kill is still there (a player the server does not know gets 201).
    expect((await register(running, 'kept-device', apiToken)).status).toBe(200);
    await running.stop();
    await running.start();
    expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
  });

  it('deletes the data folder it made when closed', async () => {
    const running = server as MarqueeServer;
    await running.close();
    server = undefined;
    expect(running.running()).toBe(false);
    expect(fs.existsSync(running.dataDir)).toBe(false);
  });
});
