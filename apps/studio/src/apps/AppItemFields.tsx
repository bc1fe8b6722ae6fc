import { Stack, TextInput, Textarea } from '@mantine/core';
import { checkAppConfigText } from './appConfigText';

export interface AppItemFieldsProps {
  url: string;
  config: string;
  /** The URL's problem (from the check on save or the server). */
  urlError: string | undefined;
  /** The server's word on the configuration; the text's own problem shows as it is typed. */
  configError: string | undefined;
  onChange(change: { src?: string; config?: string }): void;
}

/** An HTML app item: its address and its configuration as JSON (docs/apps.md). */
export function AppItemFields({ url, config, urlError, configError, onChange }: AppItemFieldsProps) {
  const checked = checkAppConfigText(config);
  return (
    <Stack gap="xs" style={{ flex: 1 }}>
      <TextInput
        label="App address"
        placeholder="https://apps.example.com/menu/"
        value={url}
        error={urlError}
        onChange={(event) => onChange({ src: event.currentTarget.value })}
      />
      <Textarea
        label="Configuration (JSON)"
        description="Handed to the app by getContext(); leave empty for none"
        placeholder='{ "greeting": "Welcome" }'
        autosize
        minRows={2}
        maxRows={10}
        value={config}
        error={checked.ok ? configError : checked.message}
        styles={{ input: { fontFamily: 'monospace' } }}
        onChange={(event) => onChange({ config: event.currentTarget.value })}
      />
    </Stack>
  );
}
