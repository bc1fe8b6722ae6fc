export function Loading() {
  return <div className="meet-loading" role="status" aria-label="Loading" />;
}
