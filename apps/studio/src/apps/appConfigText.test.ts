import { describe, expect, it } from 'vitest';
import { APP_CONFIG_MESSAGE, appConfigTextOf, checkAppConfigText } from './appConfigText';

describe('checkAppConfigText', () => {
  it('takes a JSON object, and nothing as no configuration', () => {
    expect(checkAppConfigText('{ "greeting": "Hi", "doneAfterMs": 1500 }')).toEqual({
      ok: true,
      config: { greeting: 'Hi', doneAfterMs: 1500 },
    });
    expect(checkAppConfigText('  ')).toEqual({ ok: true, config: undefined });
  });

  it('refuses what is not JSON or not an object', () => {
    for (const text of ['{greeting: "Hi"}', '[1, 2]', '"text"', 'null', '42']) {
      expect(checkAppConfigText(text)).toEqual({ ok: false, message: APP_CONFIG_MESSAGE });
    }
  });

  it('writes a stored configuration back as text that reads the same', () => {
    const config = { a: [1, { b: null }] };
    expect(checkAppConfigText(appConfigTextOf(config))).toEqual({ ok: true, config });
    expect(appConfigTextOf(undefined)).toBe('');
  });
});
