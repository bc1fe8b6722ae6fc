// The management API as one operator calls it, through the real app (Fastify inject): answers with status and
// body, never throwing, so that tests can assert refusals as well as successes.

import type { App } from '../../src/app';
import { bearer, type TestOperator } from './management';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A JSON body as inject's json() answers it by default: read loosely, the test's assertions check its shape. */
export type Json = ReturnType<typeof JSON.parse>;

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export type Api = <T = Json>(method: Method, url: string, payload?: unknown) => Promise<ApiAnswer<T>>;

/** Calls /api/v1{url} as `operator`. */
export function operatorApi(app: App, operator: TestOperator): Api {
  return async <T>(method: Method, url: string, payload?: unknown) => {
    const response = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: bearer(operator.token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json<T>() };
  };
}

/** The body of a successful call; throws with the answer otherwise (for the steps a test builds on). */
export async function ok<T = Json>(answer: Promise<ApiAnswer<T>>): Promise<T> {
  const { status, body } = await answer;
  if (status >= 400) throw new Error(`answered ${status}: ${JSON.stringify(body)}`);
  return body;
}
