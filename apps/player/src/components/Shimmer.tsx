// The loading placeholder (docs/player.md §Notices and toasts): a shimmer while the player starts.

export function Shimmer() {
  return (
    <div className="shimmer" role="status" aria-label="Loading">
      <div className="shimmer__bar shimmer__bar--wide" />
      <div className="shimmer__bar" />
      <div className="shimmer__bar shimmer__bar--short" />
    </div>
  );
}
