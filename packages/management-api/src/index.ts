// @marquee/management-api: the contract of /api/v1, one declaration of every request and answer. The server
// validates and documents with these schemas; clients (the studio) import their TYPES only, so nothing of zod
// reaches a browser bundle through here.

export * from './access';
export * from './alertRules';
export * from './apiKeys';
export * from './audit';
export * from './auth';
export * from './commands';
export * from './content';
export * from './devices';
export * from './diagnostics';
export * from './groups';
export * from './ids';
export * from './layouts';
export * from './media';
export * from './members';
export * from './overrides';
export * from './playlists';
export * from './playerStats';
export * from './plays';
export * from './routes';
export * from './schedules';
export * from './screenHealth';
export * from './screens';
export * from './sso';
export * from './targets';
export * from './timeline';
export * from './timeZone';
export * from './webhookEvents';
export * from './webhooks';
