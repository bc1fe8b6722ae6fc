// @marquee/testbed: real services started by tests and benchmarks themselves (DESIGN.md §10), never pre-started.
export { LOOPBACK, freePort, waitForPort } from './freePort';
export { startProcess, type ServiceProcess } from './childProcess';
export { findPostgresBinaries, startPostgres, type PostgresServer } from './postgres';
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
export { nodeName, startCluster, type Cluster, type ClusterOptions } from './cluster';
