// A built-in app as its zone's form holds it, and the app the API takes (docs/layouts.md §Studio). The form keeps
// every option of every type (switching type and back loses nothing); what is sent is only the chosen type's, as
// the API refuses options another type has. An html app's configuration is typed as JSON text and parsed here.

import { APP_CONFIG_MAX_LENGTH, type AppType } from '@marquee/protocol';
import type { AppSpecInput } from '@marquee/management-api';

export interface AppDraft {
  type: AppType;
  text: string;
  url: string;
  format: '24h' | '12h';
  showDate: boolean;
  showSeconds: boolean;
  color: string;
  background: string;
  /** Percent of the zone's height; '' = the player's default. */
  fontSize: number | '';
  bold: boolean;
  italic: boolean;
  align: 'left' | 'center' | 'right';
  speed: number;
  direction: 'left' | 'right';
  display: 'carousel' | 'list';
  maxItems: number;
  itemSeconds: number;
  showImages: boolean;
  caption: string;
  /** An html app's configuration as typed: '' or a JSON object. */
  configText: string;
}

export const APP_LABELS: Record<AppType, string> = {
  clock: 'Clock',
  text: 'Text',
  ticker: 'Ticker',
  feed: 'Feed (RSS or Atom)',
  qr: 'QR code',
  html: 'Web app (HTML)',
};

export function newAppDraft(type: AppType, text = ''): AppDraft {
  return {
    type,
    text: text !== '' ? text : type === 'ticker' ? 'Welcome to our store' : type === 'text' ? 'Hello' : '',
    url: '',
    format: '24h',
    showDate: true,
    showSeconds: false,
    color: type === 'qr' ? '#000000' : '#ffffff',
    background: type === 'qr' ? '#ffffff' : type === 'ticker' ? '#1c2333' : '#000000',
    fontSize: '',
    bold: false,
    italic: false,
    align: 'center',
    speed: 120,
    direction: 'left',
    display: 'carousel',
    maxItems: 10,
    itemSeconds: 10,
    showImages: true,
    caption: '',
    configText: '',
  };
}

const str = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const num = <T extends number | ''>(value: unknown, fallback: T) =>
  typeof value === 'number' ? value : fallback;
const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/** A saved app back in the form: what it does not say takes the player's defaults. */
export function appDraftOf(app: Record<string, unknown>): AppDraft {
  const type = app.type as AppType;
  const base = newAppDraft(type);
  return {
    ...base,
    text: str(app.text, base.text),
    url: str(app.url, ''),
    format: app.format === '12h' ? '12h' : '24h',
    showDate: bool(app.showDate, true),
    showSeconds: bool(app.showSeconds, false),
    color: str(app.color, base.color),
    background: str(app.background, base.background),
    fontSize: num<number | ''>(app.fontSize, ''),
    bold: bool(app.bold, false),
    italic: bool(app.italic, false),
    align: (app.align as AppDraft['align'] | undefined) ?? 'center',
    speed: num(app.speed, base.speed),
    direction: app.direction === 'right' ? 'right' : 'left',
    display: app.display === 'list' ? 'list' : 'carousel',
    maxItems: num(app.maxItems, base.maxItems),
    itemSeconds: num(app.itemDurationMs, base.itemSeconds * 1000) / 1000,
    showImages: bool(app.showImages, true),
    caption: str(app.caption, ''),
    configText: app.config === undefined ? '' : JSON.stringify(app.config, null, 2),
  };
}

/** The configuration text as an object, or why it is not one. */
export function parseConfig(
  text: string,
): { ok: true; config?: Record<string, unknown> } | { ok: false; problem: string } {
  if (text.trim() === '') return { ok: true };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'Must be a JSON object, such as {"room": "A1"}: this is not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, problem: 'Must be a JSON object, such as {"room": "A1"}' };
  if (JSON.stringify(value).length > APP_CONFIG_MAX_LENGTH)
    return { ok: false, problem: `At most ${APP_CONFIG_MAX_LENGTH} characters as JSON` };
  return { ok: true, config: value as Record<string, unknown> };
}

const HTTP_URL = /^https?:\/\/[^\s/?#]+/i;

/** What is wrong with the app's options, keyed by the API's field name ('url', 'text', 'config'). */
export function appProblems(app: AppDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if ((app.type === 'text' || app.type === 'ticker') && app.text.trim() === '')
    problems.text = 'Type the text to show';
  if (app.type === 'feed' || app.type === 'qr' || app.type === 'html') {
    if (app.url.trim() === '') problems.url = 'Type the address, https://…';
    else if (!HTTP_URL.test(app.url.trim()))
      problems.url = 'An http or https address, such as https://example.com';
  }
  if (app.type === 'html') {
    const config = parseConfig(app.configText);
    if (!config.ok) problems.config = config.problem;
  }
  return problems;
}

const style = (app: AppDraft) => ({
  color: app.color,
  background: app.background,
  ...(app.fontSize === '' ? {} : { fontSize: app.fontSize }),
  bold: app.bold,
  italic: app.italic,
});

/** The app as the API takes it (its options checked by appProblems first). */
export function appSpecOf(app: AppDraft): AppSpecInput {
  switch (app.type) {
    case 'clock':
      return {
        type: 'clock',
        format: app.format,
        showDate: app.showDate,
        showSeconds: app.showSeconds,
        color: app.color,
        background: app.background,
      };
    case 'text':
      return { type: 'text', text: app.text.trim(), align: app.align, ...style(app) };
    case 'ticker':
      return {
        type: 'ticker',
        text: app.text.trim(),
        speed: app.speed,
        direction: app.direction,
        ...style(app),
      };
    case 'feed':
      return {
        type: 'feed',
        url: app.url.trim(),
        display: app.display,
        maxItems: app.maxItems,
        itemDurationMs: Math.round(app.itemSeconds * 1000),
        showImages: app.showImages,
        ...style(app),
      };
    case 'qr':
      return {
        type: 'qr',
        url: app.url.trim(),
        ...(app.caption.trim() === '' ? {} : { caption: app.caption.trim() }),
        color: app.color,
        background: app.background,
      };
    case 'html': {
      const config = parseConfig(app.configText);
      return {
        type: 'html',
        url: app.url.trim(),
        ...(config.ok && config.config ? { config: config.config as never } : {}),
      };
    }
  }
}
