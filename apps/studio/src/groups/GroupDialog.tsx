import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useGroup } from '../api/groups';
import type { Group } from '../api/types';
import { GroupForm } from './GroupForm';
import { useGroupEditor } from './useGroupEditor';
import { AllowedFieldset } from '../access/AllowedFieldset';

/** Creates a group (`group` null) or changes one, showing its members now. */
export function GroupDialog({ group, onClose }: { group: Group | null; onClose(): void }) {
  const detail = useGroup(group?.id ?? null);
  const editor = useGroupEditor(group, (saved) => {
    notifications.show({
      color: 'teal',
      title: 'Group saved',
      message: `${saved.name}: ${saved.memberCount} screens.`,
    });
    onClose();
  });
  return (
    <Modal opened onClose={onClose} title={group === null ? 'New group' : `Edit ${group.name}`} size="lg">
      <AllowedFieldset route="updateGroup" what="change groups">
        <GroupForm editor={editor} members={detail.data?.members} />
      </AllowedFieldset>
    </Modal>
  );
}
