// Which origin the peer may speak from, and which to address it with. Either a fixed origin given up front, or —
// only when the caller explicitly opts in — any origin until the first handshake, whose origin is then pinned.

export class OriginPin {
  /** undefined: any origin, until pinned. */
  readonly #expected: string | undefined;
  #pinned: string | undefined;

  constructor(targetOrigin: string, allowAnyOrigin: boolean) {
    if (targetOrigin === '*') {
      if (!allowAnyOrigin) throw new Error("bridge targetOrigin '*' requires allowAnyOrigin: true");
      this.#expected = undefined;
      return;
    }
    this.#expected = normalizeOrigin(targetOrigin);
  }

  /** Whether a message from `origin` may be looked at. */
  admits(origin: string): boolean {
    const wanted = this.#pinned ?? this.#expected;
    return wanted === undefined || origin === wanted;
  }

  /** Pins the origin of the first accepted handshake; later calls, and an origin not admitted, change nothing. */
  pin(origin: string): void {
    if (this.#pinned === undefined && this.admits(origin)) this.#pinned = origin;
  }

  get pinned(): string | undefined {
    return this.#pinned ?? this.#expected;
  }

  /** The `targetOrigin` for postMessage; an opaque ('null') origin, e.g. a sandboxed frame, can only be '*'. */
  get postOrigin(): string {
    const origin = this.pinned;
    return origin === undefined || origin === 'null' ? '*' : origin;
  }
}

/** 'http://127.0.0.1:5001/' → 'http://127.0.0.1:5001'; anything with a path, query, credentials or no host throws. */
function normalizeOrigin(targetOrigin: string): string {
  let url: URL | undefined;
  try {
    url = new URL(targetOrigin);
  } catch {
    url = undefined;
  }
  if (url === undefined || url.origin === 'null' || url.href !== `${url.origin}/`) {
    throw new Error(
      `bridge targetOrigin must be an origin like 'https://example.com', got '${targetOrigin}'`,
    );
  }
  return url.origin;
}
