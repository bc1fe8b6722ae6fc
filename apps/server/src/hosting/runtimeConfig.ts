// The runtime configuration every app's index.html receives from the server (docs/architecture.md §The pieces), so
// one build runs against any server: `<script>window.__MARQUEE_CONFIG__ = {...}</script>`, placed first in <head> so
// it exists before any of the app's scripts run.

import { APP_VERSION, RUNTIME_CONFIG_GLOBAL, type RuntimeConfig } from '@marquee/protocol';
import type { Config } from '../config';

export { RUNTIME_CONFIG_GLOBAL, type RuntimeConfig };

/** Where the content player lives, relative to the origin: what app/url holds when no public URL is set. */
export const CONTENT_PLAYER_PATH = '/content/';

/**
 * What app/url holds for a paired screen: the absolute content player URL when MARQUEE_PUBLIC_URL is set, else the
 * path alone, which the player resolves against its own origin (so a LAN install works by any address).
 */
export function contentPlayerUrl(config: Pick<Config, 'publicUrl' | 'publicUrlFromEnv'>): string {
  return config.publicUrlFromEnv ? `${config.publicUrl}${CONTENT_PLAYER_PATH}` : CONTENT_PLAYER_PATH;
}

/**
 * The configuration for a page requested at `requestOrigin` (e.g. 'http://192.168.1.20:8080'): every URL is built
 * from MARQUEE_PUBLIC_URL when it is set, else from the origin the request came in by.
 */
export function runtimeConfigOf(config: Config, requestOrigin?: string): RuntimeConfig {
  const base = config.publicUrlFromEnv || requestOrigin === undefined ? config.publicUrl : requestOrigin;
  return {
    apiUrl: base,
    productionApiUrl: base,
    // Mode 'edge' makes the players use this one (docs/player.md §Overview); unset, it is the production one.
    stagingApiUrl: config.stagingApiUrl ?? base,
    pairingUrl: `${base}/content/pair`,
    contentUrl: `${base}${CONTENT_PLAYER_PATH}`,
    realtimeUrl: `${base.replace(/^http/, 'ws')}/realtime`,
    identityUrl: `${base}/identity/v1`,
    mode: config.mode,
    environment: config.environment,
    version: APP_VERSION,
    ...(config.monitoringToken === null ? {} : { monitoringToken: config.monitoringToken }),
    exemptOrgs: [...config.exemptOrgs],
  };
}

/**
 * JSON that is safe inside an inline <script>: '<' is escaped, so no value can close the script element or open
 * a comment, and U+2028/U+2029 are escaped for old parsers that end a string at them.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The text inside the configuration's <script> element: what the page's Content-Security-Policy hashes. */
export function runtimeConfigScriptText(runtimeConfig: RuntimeConfig): string {
  return `window.${RUNTIME_CONFIG_GLOBAL} = ${scriptSafeJson(runtimeConfig)};`;
}

export function runtimeConfigScript(runtimeConfig: RuntimeConfig): string {
  return `<script>${runtimeConfigScriptText(runtimeConfig)}</script>`;
}

const HEAD_OPEN = /<head(\s[^>]*)?>/i;
const HTML_OPEN = /<html(\s[^>]*)?>/i;

/** `html` with the configuration script first inside <head> (else after <html>, else at the very start). */
export function injectRuntimeConfig(html: string, runtimeConfig: RuntimeConfig): string {
  const script = runtimeConfigScript(runtimeConfig);
  for (const pattern of [HEAD_OPEN, HTML_OPEN]) {
    const match = pattern.exec(html);
    if (match !== null) {
      const end = match.index + match[0].length;
      return `${html.slice(0, end)}${script}${html.slice(end)}`;
    }
  }
  return `${script}${html}`;
}
