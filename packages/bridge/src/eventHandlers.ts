// The local handlers registered with `bridge.on`, by event type. The bridge subscribes to a type on its peer while
// at least one handler for it is registered, so `add`/`remove` report the first and the last one.

export type EventHandler = (data: unknown) => void;

interface Registration {
  readonly handler: EventHandler;
}

export class EventHandlers {
  // A registration object per `on` call, so the same function registered twice is removed one at a time.
  readonly #byType = new Map<string, Set<Registration>>();

  /** Registers `handler`; returns the registration and whether it is the first for `type`. */
  add(type: string, handler: EventHandler): { registration: Registration; first: boolean } {
    let registrations = this.#byType.get(type);
    const first = registrations === undefined;
    if (registrations === undefined) {
      registrations = new Set();
      this.#byType.set(type, registrations);
    }
    const registration = { handler };
    registrations.add(registration);
    return { registration, first };
  }

  /** Removes a registration; returns true when it was the last for `type`. Removing twice does nothing. */
  remove(type: string, registration: Registration): boolean {
    const registrations = this.#byType.get(type);
    if (registrations === undefined || !registrations.delete(registration)) return false;
    if (registrations.size > 0) return false;
    this.#byType.delete(type);
    return true;
  }

  types(): string[] {
    return [...this.#byType.keys()];
  }

  /** Calls every handler of `type`; a throwing handler is reported and does not stop the others. */
  dispatch(type: string, data: unknown, onError: (error: unknown) => void): void {
    const registrations = this.#byType.get(type);
    if (registrations === undefined) return;
    for (const { handler } of [...registrations]) {
      try {
        handler(data);
      } catch (error) {
        onError(error);
      }
    }
  }

  clear(): void {
    this.#byType.clear();
  }
}
