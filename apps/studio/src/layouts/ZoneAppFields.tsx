import {
  ColorInput,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { APP_TYPES, type AppType } from '@marquee/protocol';
import type { FieldErrors } from '../common/fieldErrors';
import { APP_LABELS, type AppDraft } from './appDraft';

type Props = {
  app: AppDraft;
  errors: FieldErrors;
  set<K extends keyof AppDraft>(key: K, value: AppDraft[K]): void;
};

const numberOr = (value: number | string, fallback: number) => (value === '' ? fallback : Number(value));

function Colours({ app, set }: Props) {
  return (
    <SimpleGrid cols={2} spacing="xs">
      <ColorInput label="Colour" format="hex" value={app.color} onChange={(value) => set('color', value)} />
      <ColorInput
        label="Background"
        format="hex"
        value={app.background}
        onChange={(value) => set('background', value)}
      />
    </SimpleGrid>
  );
}

function TextStyle(props: Props) {
  const { app, set } = props;
  return (
    <>
      <NumberInput
        label="Size (% of the zone's height)"
        placeholder="Fit the zone"
        min={1}
        max={100}
        value={app.fontSize}
        onChange={(value) => set('fontSize', value === '' ? '' : Number(value))}
      />
      <Colours {...props} />
      <Group gap="md">
        <Switch
          label="Bold"
          checked={app.bold}
          onChange={(event) => set('bold', event.currentTarget.checked)}
        />
        <Switch
          label="Italic"
          checked={app.italic}
          onChange={(event) => set('italic', event.currentTarget.checked)}
        />
      </Group>
    </>
  );
}

function Address({ app, errors, set, label }: Props & { label: string }) {
  return (
    <TextInput
      label={label}
      placeholder="https://"
      value={app.url}
      error={errors.url}
      onChange={(event) => set('url', event.currentTarget.value)}
    />
  );
}

function ClockFields(props: Props) {
  const { app, set } = props;
  return (
    <>
      <SegmentedControl
        aria-label="Clock format"
        value={app.format}
        onChange={(format) => set('format', format as AppDraft['format'])}
        data={[
          { value: '24h', label: '24 hours' },
          { value: '12h', label: '12 hours' },
        ]}
      />
      <Group gap="md">
        <Switch
          label="Date line"
          checked={app.showDate}
          onChange={(event) => set('showDate', event.currentTarget.checked)}
        />
        <Switch
          label="Seconds"
          checked={app.showSeconds}
          onChange={(event) => set('showSeconds', event.currentTarget.checked)}
        />
      </Group>
      <Text size="xs" c="dimmed">
        Each screen shows its own time zone&apos;s time.
      </Text>
      <Colours {...props} />
    </>
  );
}

function TextFields(props: Props) {
  const { app, errors, set } = props;
  return (
    <>
      <Textarea
        label="Text"
        autosize
        minRows={2}
        value={app.text}
        error={errors.text}
        onChange={(event) => set('text', event.currentTarget.value)}
      />
      <SegmentedControl
        aria-label="Alignment"
        value={app.align}
        onChange={(align) => set('align', align as AppDraft['align'])}
        data={[
          { value: 'left', label: 'Left' },
          { value: 'center', label: 'Centre' },
          { value: 'right', label: 'Right' },
        ]}
      />
      <TextStyle {...props} />
    </>
  );
}

function TickerFields(props: Props) {
  const { app, errors, set } = props;
  return (
    <>
      <TextInput
        label="Text"
        value={app.text}
        error={errors.text}
        onChange={(event) => set('text', event.currentTarget.value)}
      />
      <SimpleGrid cols={2} spacing="xs">
        <NumberInput
          label="Speed (pixels a second)"
          min={10}
          max={2000}
          value={app.speed}
          error={errors.speed}
          onChange={(value) => set('speed', numberOr(value, 120))}
        />
        <Select
          label="Moves to the"
          data={[
            { value: 'left', label: 'Left' },
            { value: 'right', label: 'Right' },
          ]}
          value={app.direction}
          allowDeselect={false}
          onChange={(direction) => set('direction', (direction ?? 'left') as AppDraft['direction'])}
        />
      </SimpleGrid>
      <TextStyle {...props} />
    </>
  );
}

function FeedFields(props: Props) {
  const { app, errors, set } = props;
  return (
    <>
      <Address {...props} label="Feed address (RSS 2.0 or Atom)" />
      <SegmentedControl
        aria-label="Feed display"
        value={app.display}
        onChange={(display) => set('display', display as AppDraft['display'])}
        data={[
          { value: 'carousel', label: 'One at a time' },
          { value: 'list', label: 'A list' },
        ]}
      />
      <SimpleGrid cols={2} spacing="xs">
        <NumberInput
          label="Items"
          min={1}
          max={50}
          allowDecimal={false}
          value={app.maxItems}
          error={errors.maxItems}
          onChange={(value) => set('maxItems', numberOr(value, 10))}
        />
        <NumberInput
          label="Seconds per item"
          min={2}
          max={600}
          value={app.itemSeconds}
          error={errors.itemDurationMs}
          onChange={(value) => set('itemSeconds', numberOr(value, 10))}
        />
      </SimpleGrid>
      <Switch
        label="Images"
        checked={app.showImages}
        onChange={(event) => set('showImages', event.currentTarget.checked)}
      />
      <TextStyle {...props} />
    </>
  );
}

function QrFields(props: Props) {
  const { app, errors, set } = props;
  return (
    <>
      <Address {...props} label="Address the code opens" />
      <TextInput
        label="Caption"
        placeholder="Scan for today's menu"
        value={app.caption}
        error={errors.caption}
        onChange={(event) => set('caption', event.currentTarget.value)}
      />
      <Colours {...props} />
    </>
  );
}

function HtmlFields(props: Props) {
  const { app, errors, set } = props;
  return (
    <>
      <Address {...props} label="App address" />
      <Textarea
        label="Configuration (JSON)"
        description="Given to the app by getContext(): a JSON object, or nothing"
        placeholder='{"room": "A1"}'
        autosize
        minRows={3}
        styles={{ input: { fontFamily: 'monospace' } }}
        value={app.configText}
        error={errors.config}
        onChange={(event) => set('configText', event.currentTarget.value)}
      />
    </>
  );
}

const FIELDS: Record<AppType, (props: Props) => React.JSX.Element> = {
  clock: ClockFields,
  text: TextFields,
  ticker: TickerFields,
  feed: FeedFields,
  qr: QrFields,
  html: HtmlFields,
};

/** A zone's built-in app: its type, then that type's options. */
export function ZoneAppFields({
  app,
  errors,
  onChange,
}: {
  app: AppDraft;
  errors: FieldErrors;
  onChange(app: AppDraft): void;
}) {
  const Fields = FIELDS[app.type];
  const set: Props['set'] = (key, value) => onChange({ ...app, [key]: value });
  return (
    <Stack gap="xs">
      <Select
        label="App"
        data={APP_TYPES.map((type) => ({ value: type, label: APP_LABELS[type] }))}
        value={app.type}
        allowDeselect={false}
        onChange={(type) => type !== null && onChange({ ...app, type: type as AppType })}
      />
      <Fields app={app} errors={errors} set={set} />
    </Stack>
  );
}
