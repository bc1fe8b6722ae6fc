// The OpenAPI security requirements route schemas name; the schemes themselves are declared where the document is
// registered (observability/openapi.ts). A module of its own, importing nothing, so routes never import the app.

/** An operator ID token: Authorization: Bearer <ID token>. */
export const OPERATOR_SECURITY = [{ operatorToken: [] }];
/** A player's API token: the Authorization header, bare or as Bearer. */
export const PLAYER_SECURITY = [{ playerToken: [] }];
