import { Box, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { LayoutAspect } from '@marquee/protocol';
import { LAYOUT_TEMPLATES, type LayoutTemplate } from './templates';

function Thumbnail({ template, aspect }: { template: LayoutTemplate; aspect: LayoutAspect }) {
  return (
    <Box
      style={{
        position: 'relative',
        aspectRatio: aspect === 'landscape' ? '16 / 9' : '9 / 16',
        height: 72,
        background: 'var(--mantine-color-dark-6)',
        borderRadius: 3,
      }}
    >
      {template.zones.map((zone) => (
        <Box
          key={zone.id}
          style={{
            position: 'absolute',
            left: `${zone[aspect].x}%`,
            top: `${zone[aspect].y}%`,
            width: `${zone[aspect].width}%`,
            height: `${zone[aspect].height}%`,
            border: '1px solid var(--mantine-color-dark-6)',
            background: 'var(--mantine-color-indigo-3)',
          }}
        />
      ))}
    </Box>
  );
}

/** The templates drawn at the layout's aspect, one click to start from. */
export function TemplatePicker({
  aspect,
  onPick,
}: {
  aspect: LayoutAspect;
  onPick(template: LayoutTemplate): void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
      {LAYOUT_TEMPLATES.map((template) => (
        <UnstyledButton
          key={template.id}
          onClick={() => onPick(template)}
          aria-label={`Template ${template.name}`}
        >
          <Paper withBorder p="xs" radius="md" h="100%">
            <Thumbnail template={template} aspect={aspect} />
            <Text size="sm" fw={600} mt={6}>
              {template.name}
            </Text>
            <Text size="xs" c="dimmed">
              {template.description}
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
