// @marquee/testbed: the one place tests and benchmarks start things (docs/testing.md §Testbed): real services,
// the compiled Marquee server, Debian Chromium, free ports and child processes, all started by the tests
// themselves, never pre-started, and stopped with the run that started them.
export { LOOPBACK, freePort, waitForPort } from './freePort';
export { killAllProcesses, startProcess, type ProcessOptions, type ServiceProcess } from './childProcess';
export { REPO_ROOT } from './repo';
export { assertBuilt, type BuildTarget } from './build';
export { findPostgresBinaries, startPostgres, type PostgresOptions, type PostgresServer } from './postgres';
export { findRedisServer, startRedis, type RedisServer } from './redis';
export {
  NGINX_TEMPLATE,
  findNginx,
  renderNginxConfig,
  startNginx,
  type NginxOptions,
  type NginxServer,
} from './nginx';
export { SERVER_MAIN, createServerNode, type ServerNode, type ServerNodeOptions } from './serverNode';
export { startServer, type MarqueeServer, type ServerOptions } from './server';
export { startTcpProxy, type TcpProxy } from './tcpProxy';
export { CHROMIUM_PATH, launchBrowser } from './browser';
export { nodeName, startCluster, type Cluster, type ClusterOptions } from './cluster';
export {
  startWebhookReceiver,
  webhookSignatureValid,
  type ReceivedWebhook,
  type ReceiverAnswer,
  type WebhookReceiver,
} from './webhookReceiver';
export {
  startOidcProvider,
  type OidcAccount,
  type OidcClient,
  type OidcProviderServer,
} from './oidcProvider';
export { startFeedServer, type FeedAnswer, type FeedServer } from './feedServer';
export { registerAndSignIn, type SignedInPlayer } from './testPlayers';
export {
  HOSTILE_GLOBAL,
  HOSTILE_TEXT,
  HOSTILE_TITLE,
  atomFeed,
  hostileRssFeed,
  rssFeed,
  type FixtureItem,
} from './feedFixtures';
