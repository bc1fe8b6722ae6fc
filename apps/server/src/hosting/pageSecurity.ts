// The Content-Security-Policy (and framing headers) of each app's pages (docs/security.md §Headers). Every page
// runs only its own scripts plus the one inline script the server injects (the runtime configuration), allowed by
// its hash, never by 'unsafe-inline'. Beyond that, each app gets what it truly does:
// - the studio is locked to its own origin (and the API, identity and realtime origins of its configuration); it
//   may only be framed by itself, so no other site can overlay its buttons ("Remove screen") with its own page;
// - the players (/ and /meet/) stay embeddable by any wrapper and by meeting-room hardware, and frame whatever
//   their screen is given (a player URL override, a meeting's own page), so only scripts and plugins are bound;
// - the content player frames any http(s) page and shows images and videos from anywhere, and is framed by a
//   player on whatever origin that player was opened by;
// - the reference wrapper frames the player and is not meant to be framed.

import { createHash } from 'node:crypto';
import type { RuntimeConfig } from '@marquee/protocol';
import { apiUrlForMode } from '@marquee/protocol';
import { runtimeConfigScriptText } from './runtimeConfig';

export type PageKind = 'player' | 'meet' | 'content' | 'studio' | 'host';

type Directives = Record<string, readonly string[]>;

/** Any http(s) URL: what the content player may frame and show. */
const ANY_WEB = ['http:', 'https:'] as const;
/**
 * Any ancestor a player can have: '*' matches only http(s) pages, so a wrapper that is a local page (file:, as on
 * webOS, Tizen, BrightSign or Electron) or a ChromeOS extension is named by its scheme, or it could not frame us.
 */
const ANY_ANCESTOR = ['*', 'file:', 'chrome-extension:'] as const;

/** The `'sha256-…'` source that allows exactly the inline script `text`. */
export function scriptHashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The distinct origins of `urls` (ws:// and wss:// included), skipping any that does not parse. */
function originsOf(urls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const { origin } = new URL(url);
      if (origin !== 'null') origins.add(origin);
    } catch {
      // a configured URL is validated at start; a page-relative value has no origin of its own
    }
  }
  return [...origins];
}

/** What every page gets: its own scripts and the configuration script only, no plugins, no <base> hijack. */
function baseDirectives(runtimeConfig: RuntimeConfig): Directives {
  return {
    'script-src': ["'self'", scriptHashSource(runtimeConfigScriptText(runtimeConfig))],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
  };
}

function studioDirectives(runtimeConfig: RuntimeConfig): Directives {
  const services = originsOf([runtimeConfig.apiUrl, runtimeConfig.identityUrl, runtimeConfig.realtimeUrl]);
  const api = originsOf([runtimeConfig.apiUrl]);
  return {
    'default-src': ["'self'"],
    ...baseDirectives(runtimeConfig),
    // Mantine writes its theme into <style> elements at run time; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Media thumbnails come from the API origin; screenshots are blob: URLs; QR codes and icons may be data: URLs.
    'img-src': ["'self'", 'data:', 'blob:', ...api],
    'media-src': ["'self'", 'blob:', ...api],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...services],
    'frame-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
}

function contentDirectives(runtimeConfig: RuntimeConfig): Directives {
  const services = originsOf([
    runtimeConfig.apiUrl,
    apiUrlForMode(runtimeConfig.mode, runtimeConfig),
    runtimeConfig.identityUrl,
    runtimeConfig.realtimeUrl,
  ]);
  return {
    'default-src': ["'self'"],
    ...baseDirectives(runtimeConfig),
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': [...ANY_WEB, 'data:', 'blob:'],
    'media-src': [...ANY_WEB, 'data:', 'blob:'],
    'frame-src': ANY_WEB,
    'child-src': ANY_WEB,
    'worker-src': ["'self'"],
    'connect-src': ["'self'", ...services],
    'frame-ancestors': ANY_ANCESTOR,
  };
}

const DIRECTIVES: Record<PageKind, (runtimeConfig: RuntimeConfig) => Directives> = {
  player: (runtimeConfig) => ({ ...baseDirectives(runtimeConfig), 'frame-ancestors': ANY_ANCESTOR }),
  meet: (runtimeConfig) => ({ ...baseDirectives(runtimeConfig), 'frame-ancestors': ANY_ANCESTOR }),
  content: contentDirectives,
  studio: studioDirectives,
  host: (runtimeConfig) => ({ ...baseDirectives(runtimeConfig), 'frame-ancestors': ["'self'"] }),
};

/** The Content-Security-Policy of a page of `kind` carrying `runtimeConfig`. */
export function contentSecurityPolicy(kind: PageKind, runtimeConfig: RuntimeConfig): string {
  return Object.entries(DIRECTIVES[kind](runtimeConfig))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * The headers of a page of `kind`: its policy, and for the pages that must not be framed elsewhere the legacy
 * X-Frame-Options too (the players must never send it: it cannot say "anyone").
 */
export function pageSecurityHeaders(kind: PageKind, runtimeConfig: RuntimeConfig): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(kind, runtimeConfig),
  };
  if (kind === 'studio' || kind === 'host') headers['x-frame-options'] = 'SAMEORIGIN';
  return headers;
}
