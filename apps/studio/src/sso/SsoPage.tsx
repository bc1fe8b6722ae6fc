import { Alert, Paper, Stack } from '@mantine/core';
import { PageHeader } from '../common/PageHeader';
import { QueryStatus } from '../common/QueryStatus';
import { useSsoSettings } from './ssoApi';
import { SsoSettingsForm } from './SsoSettingsForm';
import { useSsoEditor } from './useSsoEditor';

const SSO_DESCRIPTION =
  "Members sign in through your organisation's OpenID Connect provider, by the email address they were invited " +
  'with. Their passwords keep working.';

export function SsoPage() {
  const settings = useSsoSettings();
  const editor = useSsoEditor(settings.data);
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title="Single sign-on" description={SSO_DESCRIPTION} />
      <QueryStatus query={settings} title="Could not load the single sign-on settings" />
      {editor.saved && (
        <Alert color="green" variant="light">
          Saved: the provider answered. Members can now choose “Use single sign-on”.
        </Alert>
      )}
      {settings.isSuccess && (
        <Paper withBorder p="lg" radius="md">
          <SsoSettingsForm editor={editor} configured={settings.data !== null} />
        </Paper>
      )}
    </Stack>
  );
}
