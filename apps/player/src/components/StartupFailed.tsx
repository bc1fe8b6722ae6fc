// Shown when the start-up failed (the server unreachable on a first start): the player retries by itself.

export function StartupFailed({ message }: { message: string }) {
  return (
    <main className="notice">
      <div className="notice__card">
        <h1 className="notice__title">The player could not start</h1>
        <p>{message}</p>
        <p className="notice__help">It tries again in a moment.</p>
      </div>
    </main>
  );
}
