// Query strings of GET calls: empty and absent values left out, everything encoded.

export type QueryValues = Readonly<Record<string, string | number | null | undefined>>;

export function withQuery(path: string, values: QueryValues): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== null && value !== undefined && value !== '') params.set(name, String(value));
  }
  const query = params.toString();
  return query === '' ? path : `${path}?${query}`;
}

/** A path segment: an id, encoded. */
export const segment = (id: string) => encodeURIComponent(id);
