import { Button, Code, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { ApiForm } from '../common/ApiForm';
import type { SsoEditor } from './useSsoEditor';

export function SsoSettingsForm({ editor, configured }: { editor: SsoEditor; configured: boolean }) {
  const { values, errors } = editor;
  return (
    <ApiForm
      onSubmit={editor.submit}
      error={errors.form}
      actions={
        <Group justify="space-between">
          {configured ? (
            <Button variant="subtle" color="red" loading={editor.removing} onClick={editor.remove}>
              Turn off single sign-on
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={editor.saving}>
            {configured ? 'Save' : 'Turn on single sign-on'}
          </Button>
        </Group>
      }
    >
      <div>
        <Text size="sm" fw={500}>
          Redirect URI
        </Text>
        <Text size="xs" c="dimmed">
          Register this with your provider, for a web application using the authorization code flow
        </Text>
        <Code data-testid="sso-redirect-uri">{editor.redirectUri}</Code>
      </div>
      <TextInput
        label="Issuer"
        description="Your provider's issuer URL, e.g. https://login.example.com/realms/acme"
        value={values.issuer}
        error={errors.issuer}
        onChange={(event) => editor.set('issuer', event.currentTarget.value)}
      />
      <TextInput
        label="Client id"
        value={values.clientId}
        error={errors.clientId}
        onChange={(event) => editor.set('clientId', event.currentTarget.value)}
      />
      <PasswordInput
        label="Client secret"
        description={
          configured ? 'Kept by Marquee and never shown: type it again to save a change' : undefined
        }
        autoComplete="off"
        value={values.clientSecret}
        error={errors.clientSecret}
        onChange={(event) => editor.set('clientSecret', event.currentTarget.value)}
      />
    </ApiForm>
  );
}
