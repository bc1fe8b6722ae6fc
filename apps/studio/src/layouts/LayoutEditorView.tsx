import { useRef, type ReactNode } from 'react';
import {
  Alert,
  Button,
  ColorInput,
  Grid,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { LayoutAspect } from '@marquee/protocol';
import type { Playlist } from '../api/types';
import { LayoutCanvas } from './LayoutCanvas';
import { TemplatePicker } from './TemplatePicker';
import { ZoneInspector } from './ZoneInspector';
import { canvasZones } from './canvasZones';
import { LAYOUT_TEMPLATES } from './templates';
import type { LayoutEditor } from './useLayoutEditor';
import { useZoneDrag } from './useZoneDrag';

/** The layout's editor: its name, aspect and background above; the canvas and the selected zone's form side by side. */
export function LayoutEditorView({
  editor,
  playlists,
  actions,
  preview,
}: {
  editor: LayoutEditor;
  playlists: Playlist[];
  /** Delete and the like, beside Save. */
  actions?: ReactNode;
  /** The live preview, under the editor. */
  preview?: ReactNode;
}) {
  const { draft, errors, selected } = editor;
  const canvas = useRef<HTMLDivElement>(null);
  const zones = canvasZones(draft.zones, errors, playlists);
  const drag = useZoneDrag({ canvas, zones, onPlace: editor.placeZone, onSelect: editor.select });
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Name"
          placeholder="Menu board"
          value={draft.name}
          error={errors.name}
          onChange={(event) => editor.setName(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Screen
          </Text>
          <SegmentedControl
            aria-label="Screen aspect"
            value={draft.aspect}
            onChange={(aspect) => editor.setAspect(aspect as LayoutAspect)}
            data={[
              { value: 'landscape', label: 'Landscape 16:9' },
              { value: 'portrait', label: 'Portrait 9:16' },
            ]}
          />
        </Stack>
        <ColorInput
          label="Background"
          format="hex"
          value={draft.background}
          error={errors.background}
          onChange={editor.setBackground}
          w={140}
        />
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="default">Templates</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Replaces the zones</Menu.Label>
            {LAYOUT_TEMPLATES.map((template) => (
              <Menu.Item key={template.id} onClick={() => editor.applyTemplate(template)}>
                {template.name}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Button variant="default" onClick={editor.addZone}>
          Add zone
        </Button>
        {actions}
        <Button onClick={editor.save} loading={editor.saving}>
          Save layout
        </Button>
      </Group>
      {errors.form !== undefined && (
        <Alert color="red" variant="light" role="alert">
          {errors.form}
        </Alert>
      )}
      {errors.zones !== undefined && (
        <Alert color="red" variant="light" role="alert" data-testid="zones-error">
          {errors.zones}
        </Alert>
      )}
      {draft.zones.length === 0 && (
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="xs">
            Start from a template
          </Text>
          <TemplatePicker aspect={draft.aspect} onPick={editor.applyTemplate} />
        </Paper>
      )}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder radius="md" p="md">
            <LayoutCanvas
              canvas={canvas}
              aspect={draft.aspect}
              background={draft.background}
              zones={zones}
              selectedKey={selected?.key ?? null}
              drag={drag}
            />
            <Text size="xs" c="dimmed" mt="xs">
              Drag a zone to move it, its handles to resize it; edges snap to the grid and to other zones
              (hold Alt to place freely). Arrow keys nudge the selected zone.
            </Text>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder radius="md" p="md">
            {selected === null ? (
              <Text size="sm" c="dimmed">
                Choose a zone to place it and say what it shows.
              </Text>
            ) : (
              <ZoneInspector
                key={selected.key}
                zone={selected}
                errors={editor.zoneErrors(editor.selectedIndex)}
                playlists={playlists}
                onChange={(patch) => editor.updateZone(selected.key, patch)}
                onRestack={(step) => editor.restack(selected.key, step)}
                onRemove={() => editor.removeZone(selected.key)}
              />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      {preview}
    </Stack>
  );
}
