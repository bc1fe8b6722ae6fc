// Answers a peer's call from the methods this side exposes. Only the object's own function properties count as
// methods, so a peer cannot reach `toString`, `constructor`, `__proto__` or anything else inherited.

import { hasOwn } from '@marquee/protocol';
import { errorText } from './errorText';
import type { CallOutcome } from './pendingCalls';

/** The methods a side offers its peer: a plain object of (usually async) functions taking JSON arguments. */
export type ExposedApi = { readonly [method: string]: (...args: never[]) => unknown };

export async function invokeExposed(api: ExposedApi, method: string, args: unknown[]): Promise<CallOutcome> {
  const fn: unknown = hasOwn(api, method) ? api[method] : undefined;
  if (typeof fn !== 'function') return { ok: false, error: `missing api method: ${method}` };
  try {
    // Awaited inside the try so a synchronous throw and a rejection are answered alike.
    return { ok: true, value: await (fn as (...args: unknown[]) => unknown).apply(api, args) };
  } catch (error) {
    return { ok: false, error: errorText(error) };
  }
}
