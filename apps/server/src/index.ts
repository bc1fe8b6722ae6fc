// @marquee/server: what code outside apps/server may use of the cloud service (the benchmarks, the cluster and
// end-to-end harnesses): building an app, its configuration, its database, and the services with their types.
// Nothing outside apps/server reaches into src/ by path; what it needs is exported here.

export { buildApp, type App, type BuildAppOptions } from './app';
export { ConfigError, loadConfig, type Config } from './config';
export { openDatabase, type DatabaseHandle } from './db/database';
export { migrateToLatest } from './db/migrations';
export { DomainError, type DomainErrorKind } from './domain/errors';
export { createServices, type AppServices, type CreatedServices, type ServiceOptions } from './services';
export type { DeviceService } from './devices/deviceService';
export type { IdentityService, TokenBundle, VerifiedIdentity } from './identity/identityService';
export type { DiagnosticsService } from './logs/diagnosticsService';
export type { LogService } from './logs/logService';
export type { MediaService } from './media/mediaService';
export type { Operator, OperatorService, SignUp } from './operators/operatorService';
export type { RaisedCommand } from './players/commandFlags';
export type { PlayerService, RegistrationResult } from './players/playerService';
export type { DocumentStore } from './realtime/documentStore';
export type { ScreenService, ScreenUpdate } from './screens/screenService';
