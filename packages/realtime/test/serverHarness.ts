// The real Marquee server for the integration tests: buildApp on a fresh SQLite folder, listening on 127.0.0.1:0,
// and players made through the real routes (POST /_internal/players, then the custom-token sign-in).
//
// The server is loaded by path at run time: packages never depend on apps (DESIGN.md §1), so neither does this
// package's type graph. The few members the tests use are typed here.

import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the server's sources (a relative dynamic import would resolve against the project root). */
const SERVER_SOURCE = fileURLToPath(new URL('../../../apps/server/src', import.meta.url));

interface ServerApp {
  server: Server;
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
}

interface ServerModules {
  buildApp(config: unknown, options: Record<string, unknown>): Promise<ServerApp>;
  loadConfig(env: Record<string, string>): unknown;
}

async function serverModules(): Promise<ServerModules> {
  const app = (await import(/* @vite-ignore */ `${SERVER_SOURCE}/app.ts`)) as Pick<ServerModules, 'buildApp'>;
  const config = (await import(/* @vite-ignore */ `${SERVER_SOURCE}/config.ts`)) as Pick<
    ServerModules,
    'loadConfig'
  >;
  return { buildApp: app.buildApp, loadConfig: config.loadConfig };
}

export interface TestServer {
  origin: string;
  /** ws://127.0.0.1:{port}/realtime */
  url: string;
  /** Cuts every open socket of the server at the TCP level, as a network drop would. */
  killSockets(): number;
  close(): Promise<void>;
}

export async function startServer(): Promise<TestServer> {
  const { buildApp, loadConfig } = await serverModules();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-realtime-client-'));
  const config = loadConfig({ MARQUEE_DATA_DIR: dataDir, PORT: '0', MARQUEE_LOG_LEVEL: 'silent' });
  const app = await buildApp(config, {
    logger: false,
    rateLimits: { registrationPerIp: 100_000, signInPerIp: 100_000, playerApiPerToken: 100_000 },
  });
  const upgraded = new Set<Socket>();
  app.server.on('upgrade', (_request, socket: Socket) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    url: `ws://127.0.0.1:${port}/realtime`,
    killSockets() {
      const count = upgraded.size;
      for (const socket of upgraded) socket.destroy();
      return count;
    },
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestPlayer {
  id: string;
  idToken: string;
}

let registrations = 0;

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

/** Registers a player (unpaired) and signs it in with its custom token: its id and ID token. */
export async function newPlayer(server: TestServer): Promise<TestPlayer> {
  const n = ++registrations;
  const auth = await postJson<{ apiToken: string; firebaseTokenV2: string }>(
    `${server.origin}/_internal/players`,
    {
      settings: { name: `Lobby ${n}`, orientation: 'landscape' },
      device: {
        id: `device-${n}-${Date.now()}`,
        model: 'Test',
        platform: 'browser',
        device: { hardware_id: null },
      },
    },
  );
  const session = await postJson<{ idToken: string }>(
    `${server.origin}/identity/v1/accounts:signInWithCustomToken`,
    { token: auth.firebaseTokenV2, returnSecureToken: true },
  );
  return { id: jwtSubject(auth.apiToken), idToken: session.idToken };
}

/** A 127.0.0.1 port nothing listens on (taken and released at once). */
export async function closedPort(): Promise<number> {
  const net = await import('node:net');
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
