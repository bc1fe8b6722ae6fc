// A native wrapper that is not a Marquee bridge: a page of its own (served by node:http on 127.0.0.1, another port
// than the server) that frames the real player and speaks the window-message protocol by hand, the way a wrapper
// built on the common open-source implementation does: its pong has no `from`. Options (query string):
// - mode=common   answers pings and calls (the default);
// - mode=extra    the same, with fields of its own in every message body and beside every message, and it calls
//                 the player and sends it an event and a subscription that way too;
// - mode=silent   never answers anything;
// - answerAfter=N starts answering only N ms after the page loaded;
// - failDeviceInfo=1 answers getDeviceInfo and getHardwareId with an error.
// What the wrapper saw is on window.wrapper: its received calls, its native storage and its calls' results.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { useStage, type Stage } from '../harness/stage';
import { waitFor } from './player.support';

const PAGE = `<!doctype html><meta charset="utf-8"><title>raw wrapper</title>
<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%}</style>
<iframe id="player" allow="autoplay; fullscreen"></iframe>
<script>
  const q = new URLSearchParams(location.search);
  const mode = q.get('mode') || 'common';
  const answerAfter = Number(q.get('answerAfter') || 0);
  const failDeviceInfo = q.has('failDeviceInfo');
  const frame = document.getElementById('player');
  const loadedAt = Date.now();
  const wrapper = (window.wrapper = { calls: [], storage: {}, results: [], auth: null, answering: false });
  let seq = 0;
  const withExtra = (body) => (mode === 'extra' ? { ...body, vendor: 'acme', seq: ++seq } : body);
  const send = (message) => {
    if (mode === 'extra') message.transport = 'native-bridge';
    frame.contentWindow.postMessage(JSON.stringify(message), '*');
  };
  const unavailable = () => { throw new Error('device info unavailable'); };
  const methods = {
    getAuthData: () => wrapper.auth,
    setAuthData: (auth) => { wrapper.auth = auth; return true; },
    getModel: () => 'Raw Wrapper Box',
    getHardwareId: failDeviceInfo ? unavailable : () => null,
    getMetadata: () => ({ platform: 'raw', capabilities: {} }),
    getDeviceInfo: failDeviceInfo ? unavailable : () => ({ os: 'raw', ip: '10.9.8.7' }),
    storageSet: (key, value) => { wrapper.storage[key] = value; return true; },
    logService: () => true,
  };
  let greeted = false;
  addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow || typeof event.data !== 'string') return;
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    if (mode === 'silent' || Date.now() - loadedAt < answerAfter) return;
    wrapper.answering = true;
    if (message.ping) {
      // The common implementation's pong: to and connection, no from.
      send({ pong: withExtra({ to: message.ping.from, connection: message.ping.connection }) });
      if (mode === 'extra' && !greeted) {
        greeted = true;
        send({ call: withExtra({ id: 'w-1', method: 'getPairingCode', args: null }) });
        send({ event: withExtra({ type: 'wrapperReady', data: true }) });
        send({ subscribe: 'deviceInfo', seq: ++seq });
      }
    } else if (message.call) {
      const { id, method, args } = message.call;
      wrapper.calls.push({ method, args });
      try {
        if (!Object.prototype.hasOwnProperty.call(methods, method)) throw new Error('missing api method: ' + method);
        send({ result: withExtra({ id, value: methods[method](...(args || [])) }) });
      } catch (error) {
        send({ result: withExtra({ id, error: error.message }) });
      }
    } else if (message.result) {
      wrapper.results.push(message.result);
    }
  });
  frame.src = q.get('player');
</script>`;

export interface RawWrapperServer {
  /** The wrapper page's URL framing `playerUrl`, with the given options. */
  url(playerUrl: string, options?: Record<string, string>): string;
  close(): Promise<void>;
}

export async function serveRawWrapper(): Promise<RawWrapperServer> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/wrapper.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    } else {
      response.writeHead(404).end();
    }
  });
  // The same host name as the server (127.0.0.1), another port: same site, another origin.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (playerUrl, options = {}) =>
      `${origin}/wrapper.html?${new URLSearchParams({ player: playerUrl, ...options }).toString()}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface WrapperView {
  calls: { method: string; args: unknown[] }[];
  storage: Record<string, unknown>;
  results: { id: unknown; value?: unknown; error?: string }[];
  auth: unknown;
}

export function wrapperView(page: Page): Promise<WrapperView> {
  return page.evaluate(() => (window as unknown as { wrapper: WrapperView }).wrapper);
}

/**
 * Milliseconds from the framed player's document request to its registration request (POST /_internal/players),
 * measured on the wire; resolves once the player registered.
 */
export function timeToRegistration(page: Page, serverUrl: string): () => Promise<number> {
  let documentAt = 0;
  let registeredAt = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== serverUrl) return;
    if (request.resourceType() === 'document' && url.pathname === '/') documentAt ||= Date.now();
    if (request.method() === 'POST' && url.pathname === '/_internal/players') registeredAt ||= Date.now();
  });
  return async () => {
    await waitFor(async () => registeredAt > 0, 30_000);
    return registeredAt - documentAt;
  };
}

/** The player's frame inside the wrapper page. */
export function playerFrameOf(page: Page, serverUrl: string): Frame | undefined {
  return page.frames().find((frame) => frame.url().startsWith(`${serverUrl}/?`));
}

/** The file's stage (server, Chromium, built player and content player) and a raw wrapper server beside it. */
export function useWrapperStage(): Stage & { wrappers: RawWrapperServer } {
  const stage = useStage(['player', 'content'], {
    prepare: async () => ({ wrappers: await serveRawWrapper() }),
  });
  afterAll(() => stage.wrappers?.close());
  return stage;
}
