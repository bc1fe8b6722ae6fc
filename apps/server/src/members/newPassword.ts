// A new password (accepting an invitation, changing or resetting one) meets the same policy and is hashed the same
// way as at sign-up (IdentityService.newPasswordHash); a refusal names the request's field and the unmet
// requirements.

import { checkPassword, describeUnmetRequirements } from '@marquee/protocol';
import { invalid } from '../domain/errors';
import { IdentityError } from '../identity/identityErrors';
import type { IdentityService } from '../identity/identityService';

export async function hashNewPassword(
  identity: IdentityService,
  password: string,
  field: string,
): Promise<string> {
  const check = checkPassword(password, identity.passwordPolicy);
  if (!check.ok) {
    throw invalid('WEAK_PASSWORD', describeUnmetRequirements(check.unmet), field, {
      requirements: check.unmet,
    });
  }
  try {
    return await identity.newPasswordHash(password);
  } catch (error) {
    if (error instanceof IdentityError) {
      throw invalid(error.code, error.detail ?? 'The password is not accepted', field);
    }
    throw error;
  }
}
