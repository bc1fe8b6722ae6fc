// The OpenAPI security requirements route schemas name; the schemes themselves are declared where the document is
// registered (observability/openapi.ts). A module of its own, importing nothing, so routes never import the app.

/** Alternatives of an OpenAPI security requirement: one of them suffices. */
type SecurityRequirements = Record<string, string[]>[];

/** An operator ID token or an API key: Authorization: Bearer <ID token> or Bearer mq_…. */
export const OPERATOR_SECURITY: SecurityRequirements = [{ operatorToken: [] }, { apiKey: [] }];
/** Routes of a member's own session ('member' access): an ID token only, never an API key. */
export const MEMBER_SECURITY: SecurityRequirements = [{ operatorToken: [] }];
/** A player's API token: the Authorization header, bare or as Bearer. */
export const PLAYER_SECURITY = [{ playerToken: [] }];
