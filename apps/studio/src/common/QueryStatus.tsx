import { Loader } from '@mantine/core';
import { QueryError } from './QueryError';

/** A query's loading and failed states; what it loaded is the page's to show. */
export function QueryStatus({
  query,
  title,
}: {
  query: { isPending: boolean; error: Error | null; refetch(): unknown };
  title: string;
}) {
  if (query.isPending) return <Loader />;
  if (query.error === null) return null;
  return <QueryError error={query.error} title={title} onRetry={() => void query.refetch()} />;
}
