// An HTML app's configuration as the operator types it (docs/apps.md): JSON text that must be an object, empty for
// none. Checked as it is typed, so the problem shows under the field before anything is saved.

import type { ContentItemInput } from '../api/types';

/** A configuration as the API takes it. */
export type AppConfig = NonNullable<ContentItemInput['config']>;

export const APP_CONFIG_MESSAGE = 'must be a JSON object';

export type AppConfigCheck = { ok: true; config: AppConfig | undefined } | { ok: false; message: string };

export function checkAppConfigText(text: string): AppConfigCheck {
  if (text.trim() === '') return { ok: true, config: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: APP_CONFIG_MESSAGE };
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? { ok: true, config: value as AppConfig }
    : { ok: false, message: APP_CONFIG_MESSAGE };
}

/** The text of a stored configuration: indented for editing, empty for none. */
export function appConfigTextOf(config: AppConfig | undefined): string {
  return config === undefined ? '' : JSON.stringify(config, null, 2);
}
