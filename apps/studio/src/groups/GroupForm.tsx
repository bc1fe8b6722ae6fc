import { Button, Group as Row, TagsInput, Text, TextInput } from '@mantine/core';
import { ApiForm } from '../common/ApiForm';
import { ScreenPicker } from '../targets/ScreenPicker';
import type { NamedRef } from '../api/types';
import type { GroupEditor } from './useGroupEditor';

export function GroupForm({ editor, members }: { editor: GroupEditor; members: NamedRef[] | undefined }) {
  const { values, errors } = editor;
  return (
    <ApiForm
      onSubmit={editor.submit}
      error={errors.form}
      actions={
        <Row justify="flex-end">
          <Button type="submit" loading={editor.saving}>
            Save group
          </Button>
        </Row>
      }
    >
      <TextInput
        label="Name"
        placeholder="Kitchens"
        value={values.name}
        error={errors.name}
        onChange={(event) => editor.set('name', event.currentTarget.value)}
        data-autofocus
      />
      <TagsInput
        label="Screens with all of these tags"
        description="Tagging a screen puts it in the group, with no other change"
        placeholder="kitchen"
        value={values.matchTags}
        error={errors.matchTags}
        onChange={(tags) => editor.set('matchTags', tags)}
      />
      <ScreenPicker
        label="And these screens"
        value={values.screenIds}
        error={errors.screenIds}
        onChange={(ids) => editor.set('screenIds', ids)}
      />
      {members !== undefined && (
        <Text size="sm" c="dimmed">
          Members now: {members.length === 0 ? 'none' : members.map((member) => member.name).join(', ')}
        </Text>
      )}
    </ApiForm>
  );
}
