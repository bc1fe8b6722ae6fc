/**
 * The text a failed call carries over the wire: `error.message` when there is one, else `String(error)`.
 * Never throws, whatever was thrown (a null-prototype object has no toString).
 */
export function errorText(error: unknown): string {
  if (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return error.message;
  }
  try {
    return String(error);
  } catch {
    return Object.prototype.toString.call(error);
  }
}
