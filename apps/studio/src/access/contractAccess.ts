// The contract's access table and role order, the one part of @marquee/management-api the studio imports at run
// time: its `./access` entry (packages/management-api/package.json) is zod-free, made for the studio's bundle.

export { ROLES, ROUTE_ACCESS, roleAtLeast } from '@marquee/management-api/access';
