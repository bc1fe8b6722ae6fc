// Stored-data cleaning and the local-storage copy rule (docs/player.md §Local storage).

/** The hosted identity SDK keeps its session under keys such as 'firebase:authUser:<apiKey>:[DEFAULT]'. */
export const AUTH_PROVIDER_KEY_PREFIX = 'firebase:';

/** Keys dropped whenever stored data is exported or passed on. */
export const CLEANED_STORAGE_KEYS = ['modelMapping', 'app', 'auth', 'data', 'code', 'connected'] as const;

/** The one key never copied to local storage. */
export const NEVER_COPIED_STORAGE_KEY = 'code';

export function isCleanedStorageKey(key: string): boolean {
  return (
    key.startsWith(AUTH_PROVIDER_KEY_PREFIX) || (CLEANED_STORAGE_KEYS as readonly string[]).includes(key)
  );
}

/** A new object with the record's own entries, less the cleaned keys. The record is not changed. */
export function cleanStoredData(record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  // fromEntries defines properties, so a '__proto__' key stays data instead of setting the prototype.
  return Object.fromEntries(Object.entries(record).filter(([key]) => !isCleanedStorageKey(key)));
}

export function isCopyableToLocalStorage(key: string): boolean {
  return key !== NEVER_COPIED_STORAGE_KEY;
}
