// The meeting-room player's bridge to its content frame in Chromium: it answers only a document of the origin the
// frame was given (an overridden_player href can point anywhere, and can redirect anywhere), and never hands the
// player's secret to a frame: with it, a frame could rotate the player's credentials and take the screen over.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../harness/server';
import { startStage, stopStage } from '../harness/stage';
import { MEET_FRAME, pairedMeet, setAppToken, setOverriddenPlayer } from './meet.support';
import { localValue, signUp, waitFor } from './player.support';

let server: RunningServer;
let browser: Browser;
/** Serves the probe page on 127.0.0.1 and localhost alike: two origins, one process. */
let probes: http.Server;
let probePort: number;

/**
 * Speaks the bridge's wire format to the parent window: pings every 100 ms and, once ponged, calls getAuthData.
 * Everything the parent sends lands in window.__probe.
 */
const PROBE_SCRIPT = `(() => {
  const id = 'probe-' + Math.random().toString(36).slice(2);
  const probe = (window.__probe = { messages: [], auth: undefined, called: false });
  addEventListener('message', (event) => {
    if (event.source !== parent) return;
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    probe.messages.push(message);
    if (message.pong && message.pong.to === id && !probe.called) {
      probe.called = true;
      parent.postMessage(JSON.stringify({ call: { id, method: 'getAuthData', args: [] } }), '*');
    }
    if (message.result && message.result.id === id) probe.auth = message.result;
  });
  setInterval(() => parent.postMessage(JSON.stringify({ ping: { from: id, connection: 1 } }), '*'), 100);
})()`;
const PROBE_PAGE = `<!doctype html><title>probe</title><script>${PROBE_SCRIPT}</script>`;

interface ProbeState {
  messages: unknown[];
  called: boolean;
  auth: { value?: Record<string, unknown>; error?: string } | undefined;
}

beforeAll(async () => {
  ({ server, browser } = await startStage(['meet', 'content']));
  probes = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/redirect') {
      // Same port, another host name: another origin than the URL the frame was given.
      response.writeHead(302, { location: `http://localhost:${probePort}/probe` }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PROBE_PAGE);
  });
  await new Promise<void>((resolve) => probes.listen(0, resolve));
  probePort = (probes.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => probes?.close(resolve));
  await stopStage({ server, browser });
});

/** The meeting page's content frame once its document is at `origin` + `pathname`. */
async function frameAt(page: Page, origin: string, pathname: string): Promise<Frame> {
  return waitFor(async () => {
    const frame = await (await page.$(MEET_FRAME))?.contentFrame();
    if (!frame) return null;
    const url = new URL(frame.url());
    return url.origin === origin && url.pathname === pathname ? frame : null;
  });
}

const probeState = (frame: Frame) =>
  frame.evaluate(() => (window as unknown as { __probe: ProbeState }).__probe);

/** The probe's state once its getAuthData call was answered. */
const answered = (frame: Frame) =>
  waitFor(async () => {
    const state = await probeState(frame);
    return state.auth === undefined ? null : state;
  });

describe('meeting player: the content frame bridge', () => {
  it('answers the content player, and any frame of the origin it was given, without the secret', async () => {
    const operator = await signUp(server);
    const { context, page, playerId } = await pairedMeet(browser, server, operator, 'room-fb1');
    const { secret, apiToken } = (await localValue(page, 'auth')) as { secret: string; apiToken: string };
    expect(secret).toEqual(expect.any(String));

    // The content player's own frame (the app token's source), asking as the content player does.
    await setAppToken(server, operator, playerId, 'bridge-token');
    const content = await frameAt(page, new URL(server.url).origin, '/content/');
    await content.evaluate(PROBE_SCRIPT);
    const contentAnswer = await answered(content);
    expect(contentAnswer.auth?.value).toMatchObject({ apiToken, playerId });
    expect(contentAnswer.auth?.value).not.toHaveProperty('secret');
    expect(JSON.stringify(contentAnswer.messages)).not.toContain(secret);

    // A page of the href's origin is answered, without the secret.
    const href = `http://127.0.0.1:${probePort}/probe`;
    await setOverriddenPlayer(server, operator, playerId, { href });
    const probe = await frameAt(page, `http://127.0.0.1:${probePort}`, '/probe');
    const state = await answered(probe);
    expect(state.auth?.value).toMatchObject({ apiToken, playerId });
    expect(state.auth?.value).not.toHaveProperty('secret');
    expect(JSON.stringify(state.messages)).not.toContain(secret);
    await context.close();
  });

  it('gives a document of another origin than the one the frame was given no answer at all', async () => {
    const operator = await signUp(server);
    const { context, page, playerId } = await pairedMeet(browser, server, operator, 'room-fb2');
    // The href is on 127.0.0.1; it redirects to localhost before any script of its own runs.
    await setOverriddenPlayer(server, operator, playerId, {
      href: `http://127.0.0.1:${probePort}/redirect`,
    });
    const foreign = await frameAt(page, `http://localhost:${probePort}`, '/probe');
    // It pings every 100 ms: the player answers a ping at once when it listens to that origin.
    await foreign.waitForFunction(
      () => (window as unknown as { __probe?: ProbeState }).__probe !== undefined,
    );
    await page.waitForTimeout(3000);
    expect(await probeState(foreign)).toEqual({ messages: [], auth: undefined, called: false });
    await context.close();
  });
});
