// A stand-in for the general player (apps/player) while it is being built: it registers through the player API,
// keeps its presence and follows its realtime record with the real @marquee/realtime client (from Node), runs its
// action flags in priority order and acknowledges them, and drives a page that frames the real content player and
// answers its bridge calls, as the player does. Once apps/player/dist exists the journey uses the real one.

import WebSocket from 'ws';
import type { Page } from 'playwright-core';
import { MAIN_FRAME_ELEMENT_ID, nextActionFlag, type AuthObject, decodeApiToken } from '@marquee/protocol';
import {
  createDatabase,
  onValue,
  ref,
  trackPresence,
  type Database,
  type WebSocketConstructor,
} from '@marquee/realtime';

/** The page the stand-in serves at {server}/e2e/player.html: a full-screen frame and a minimal bridge peer. */
export const FAKE_PLAYER_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Marquee Player (test stand-in)</title></head>
<body style="margin:0;background:#000;overflow:hidden">
<iframe id="${MAIN_FRAME_ELEMENT_ID}" src="/content/pair" style="border:0;width:100vw;height:100vh;display:block" allow="autoplay"></iframe>
<script>
window.__state = { code: null, appData: null, auth: null, device: null };
const frame = document.getElementById('${MAIN_FRAME_ELEMENT_ID}');
const me = 'stand-in-' + Math.random().toString(36).slice(2);
const pending = new Map();
let seq = 0;
const post = (message) => frame.contentWindow.postMessage(JSON.stringify(message), location.origin);
const api = {
  getPairingCode: () => window.__state.code,
  getAppData: () => window.__state.appData,
  getAuthData: () => window.__state.auth,
  getDeviceInfo: () => window.__state.device,
  getMediaCacheURL: (url) => url,
};
window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow) return;
  let m;
  try { m = JSON.parse(event.data); } catch { return; }
  if (m.ping) post({ pong: { to: m.ping.from, from: me, connection: m.ping.connection } });
  else if (m.call) {
    const fn = api[m.call.method];
    if (fn) post({ result: { id: m.call.id, value: fn(...m.call.args) } });
    else post({ result: { id: m.call.id, error: 'missing api method: ' + m.call.method } });
  } else if (m.result) {
    const waiting = pending.get(m.result.id);
    if (!waiting) return;
    pending.delete(m.result.id);
    if ('error' in m.result) waiting.reject(new Error(m.result.error)); else waiting.resolve(m.result.value);
  }
});
window.__callFrame = (method, ...args) => new Promise((resolve, reject) => {
  const id = 'host-' + (++seq);
  pending.set(id, { resolve, reject });
  post({ call: { id, method, args } });
  setTimeout(() => pending.delete(id) && reject(new Error('call timeout: ' + method)), 10000);
});
window.__load = (url) => { if (frame.getAttribute('src') !== url) frame.setAttribute('src', url); };
window.__reload = () => { frame.setAttribute('src', frame.getAttribute('src')); };
</script></body></html>`;

type Doc = Record<string, unknown> | null;

export class StandInPlayer {
  auth!: AuthObject;
  playerId!: string;
  muted = false;
  readonly log: string[] = [];
  #db: Database | null = null;
  #stops: Array<() => void> = [];
  #doc: Doc = null;
  #busy = false;
  #again = false;

  constructor(
    readonly server: string,
    readonly page: Page,
  ) {}

  async start(): Promise<void> {
    const response = await fetch(`${this.server}/_internal/players`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        settings: { name: 'Marquee Player' },
        device: { id: 'e2e-device', model: 'Chromium', platform: 'browser', device: { hardware_id: null } },
      }),
    });
    if (response.status !== 201)
      throw new Error(`registration failed: ${response.status} ${await response.text()}`);
    this.auth = (await response.json()) as AuthObject;
    this.playerId = decodeApiToken(this.auth.apiToken).playerId;
    await this.page.goto(`${this.server}/e2e/player.html`);
    await this.#push();
    this.#db = createDatabase({
      url: `${this.server.replace(/^http/, 'ws')}/realtime`,
      restUrl: this.server,
      getToken: () => this.#idToken(),
      storage: null,
      WebSocketImpl: WebSocket as unknown as WebSocketConstructor,
      logger: { warn: () => {}, error: () => {} },
    });
    const presence = trackPresence(this.#db, this.playerId);
    const started = Date.now();
    const heartbeat = () =>
      fetch(`${this.server}/_internal/players/${this.playerId}/heartbeat`, {
        method: 'POST',
        headers: { Authorization: this.auth.apiToken, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          uptime: Math.round((Date.now() - started) / 1000),
          platform: 'browser',
          version: '1.0.0',
        }),
      }).then(
        (response) => void (response.ok || this.log.push(`heartbeat answered ${response.status}`)),
        (error: unknown) => void this.log.push(`heartbeat failed: ${String(error)}`),
      );
    void heartbeat();
    // Every few seconds rather than every minute: the journey is short and restarts the server in the middle.
    const beat = setInterval(heartbeat, 3000);
    this.#stops.push(() => clearInterval(beat));
    const unlisten = onValue(ref(this.#db, `players/${this.playerId}`), (snapshot) => {
      this.#doc = snapshot.val() as Doc;
      void this.#follow();
    });
    this.#stops.push(() => presence.stop(), unlisten);
  }

  /** The code the screen shows now, if it is unpaired. */
  get pairingCode(): string | null {
    return (this.#doc as { pairing?: { code?: string } } | null)?.pairing?.code ?? null;
  }

  /** What the content frame says it shows: {version, index, item}. */
  contentState(): Promise<unknown> {
    return this.page.evaluate(() =>
      (window as unknown as { __callFrame(m: string): Promise<unknown> }).__callFrame('getContentState'),
    );
  }

  stop(): void {
    this.#stops.forEach((stop) => stop());
    this.#db?.close();
  }

  async #idToken(): Promise<string | null> {
    try {
      const response = await fetch(`${this.server}/identity/v1/accounts:signInWithCustomToken`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: this.auth.firebaseTokenV2, returnSecureToken: true }),
      });
      return response.ok ? ((await response.json()) as { idToken: string }).idToken : null;
    } catch {
      return null;
    }
  }

  async #push(): Promise<void> {
    const doc = this.#doc as { pairing?: { code?: string }; app?: { data?: unknown } } | null;
    const state = {
      code: doc?.pairing?.code ?? null,
      appData: doc?.app?.data ?? null,
      auth: this.auth,
      device: {
        id: this.playerId,
        platform: 'browser',
        model: 'Chromium',
        version: '1.0.0',
        updated_at: Date.now(),
      },
    };
    await this.page.evaluate(
      (s) => Object.assign((window as unknown as { __state: object }).__state, s),
      state,
    );
  }

  async #follow(): Promise<void> {
    if (this.#busy) {
      this.#again = true;
      return;
    }
    this.#busy = true;
    this.#again = false;
    try {
      await this.#push();
      const app = (this.#doc as { app?: { url?: string } } | null)?.app;
      const url = app?.url === undefined ? '/content/pair' : new URL(app.url, this.server).pathname;
      await this.page.evaluate((u) => (window as unknown as { __load(u: string): void }).__load(u), url);
      let flag = nextActionFlag(
        (this.#doc as { action_flags?: Record<string, unknown> } | null)?.action_flags,
      );
      while (flag !== null) {
        await this.#run(flag.name, flag.param);
        const flags = {
          ...((this.#doc as { action_flags?: Record<string, unknown> } | null)?.action_flags ?? {}),
        };
        delete flags[flag.name];
        flag = nextActionFlag(flags);
      }
    } catch (error) {
      this.log.push(String(error));
    } finally {
      this.#busy = false;
      if (this.#again) void this.#follow();
    }
  }

  async #run(name: string, param: unknown): Promise<void> {
    const callFrame = (method: string, ...args: unknown[]) =>
      this.page.evaluate(
        ([m, a]) =>
          (window as unknown as { __callFrame(m: string, ...a: unknown[]): Promise<unknown> }).__callFrame(
            m as string,
            ...(a as unknown[]),
          ),
        [method, args] as const,
      );
    this.log.push(`run ${name}`);
    if (name === 'reset_pairing') {
      await fetch(`${this.server}/_internal/players/${this.playerId}/${name}`, {
        method: 'POST',
        headers: { Authorization: this.auth.apiToken },
      });
      await fetch(`${this.server}/_internal/players/${this.playerId}/pairing`, {
        method: 'DELETE',
        headers: { Authorization: this.auth.apiToken },
      });
      return;
    }
    if (name === 'reset_credentials') {
      const response = await fetch(`${this.server}/_internal/players/${this.playerId}/credentials`, {
        method: 'DELETE',
        headers: { Authorization: this.auth.secret },
      });
      if (response.ok) this.auth = (await response.json()) as AuthObject;
      await this.#push();
      return;
    }
    await fetch(`${this.server}/_internal/players/${this.playerId}/${name}`, {
      method: 'POST',
      headers: { Authorization: this.auth.apiToken },
    });
    try {
      if (name === 'screenshot') await callFrame('screenshot', param);
      else if (name === 'mute') {
        this.muted = !this.muted;
        await callFrame('setMute', this.muted);
      } else if (name === 'update_device_info') await callFrame('updateDeviceInfo');
      else if (name === 'restart_player_app')
        await this.page.evaluate(() => (window as unknown as { __reload(): void }).__reload());
    } catch (error) {
      this.log.push(`${name}: ${String(error)}`);
    }
  }
}
