// Duplicate detection (docs/meeting-room.md §Duplicate detection): another page of the same device writes its own
// connection id to players/{id}/connection/id. Until this page has seen its own id there, an id from before
// (the last page load's, not yet cleared) proves nothing; once it has, any other id is a duplicate player.

export interface DuplicateWatch {
  /** Called on every app update and connection/id update with the server's current id. */
  check(serverId: unknown): boolean;
}

export function watchConnectionId(ownId: string): DuplicateWatch {
  let seenOwn = false;
  return {
    check(serverId) {
      if (serverId === ownId) seenOwn = true;
      return seenOwn && typeof serverId === 'string' && serverId !== '' && serverId !== ownId;
    },
  };
}
