import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { useAccess } from '../access/useAccess';
import { useApi } from '../api/context';
import { ROLE_LABELS } from '../constants';
import { ChangePasswordDialog } from './ChangePasswordDialog';

/** The signed-in member's menu: their role, changing their password, signing out. */
export function AccountMenu() {
  const api = useApi();
  const { role } = useAccess();
  const [changing, setChanging] = useState(false);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" size="xs">
            Account
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {role !== null && <Menu.Label>Signed in as {ROLE_LABELS[role]}</Menu.Label>}
          <Menu.Item onClick={() => setChanging(true)}>Change password</Menu.Item>
          <Menu.Item onClick={() => api.signOut()}>Sign out</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {changing && <ChangePasswordDialog onClose={() => setChanging(false)} />}
    </>
  );
}
