// Who a test's direct service calls are recorded as in the audit log (routes pass the signed-in operator).

import type { Changer } from '../../src/audit/auditRecord';

export function testChanger(orgId: string, name = 'test@marquee.test'): Changer {
  return { orgId, actor: { kind: 'member', id: `member-of-${orgId}`, name }, ip: null };
}
