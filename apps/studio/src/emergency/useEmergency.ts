// The emergency panel: open or closed; while open, the active overrides are re-read every few seconds for the
// live count of screens showing each (docs/schedules.md §Model); starting one and clearing one.

import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useClearOverride, useCreateOverride, useOverrides } from '../api/overrides';
import type { Override } from '../api/types';
import { useApiForm } from '../common/useApiForm';
import { useConfirm } from '../common/useConfirm';
import { DEFAULT_OVERRIDE_MS } from '../constants';
import {
  OVERRIDE_FIELDS,
  checkOverride,
  localInputOf,
  newOverrideValues,
  type OverrideValues,
} from './overrideDraft';

export function useEmergency(clock: () => number = Date.now) {
  const [opened, { open, close }] = useDisclosure(false);
  const overrides = useOverrides(opened);
  const create = useCreateOverride();
  const clear = useClearOverride();
  const confirm = useConfirm();
  const { values, setValues, errors, setErrors, set, refused } = useApiForm<OverrideValues>(
    () => newOverrideValues(clock(), DEFAULT_OVERRIDE_MS),
    OVERRIDE_FIELDS,
  );

  return {
    opened,
    open,
    close,
    active: overrides.data ?? [],
    loading: overrides.isPending,
    values,
    errors,
    starting: create.isPending,
    set,
    /** Sets the expiry to `ms` from now. */
    expireIn: (ms: number) => setValues((current) => ({ ...current, expiresAt: localInputOf(clock() + ms) })),
    start() {
      const checked = checkOverride(values, clock());
      setErrors(checked.ok ? {} : checked.errors);
      if (!checked.ok) return;
      create.mutate(checked.body, {
        onSuccess: (override) => {
          notifications.show({
            color: 'red',
            title: 'Emergency started',
            message: `${override.name} is going out to ${override.targeted} screens.`,
          });
          setValues(newOverrideValues(clock(), DEFAULT_OVERRIDE_MS));
        },
        onError: refused,
      });
    },
    clear: (override: Override) =>
      confirm(
        'Clear emergency',
        `Are you sure you want to clear ${override.name}? Screens go back to their schedules.`,
        () =>
          clear.mutate(override.id, {
            onError: (error) =>
              notifications.show({ color: 'red', title: 'Not cleared', message: error.message }),
          }),
      ),
  };
}

export type Emergency = ReturnType<typeof useEmergency>;
