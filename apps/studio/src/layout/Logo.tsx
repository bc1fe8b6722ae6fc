import { Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@marquee/protocol';

export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 30 : 22;
  return (
    <Group gap={8} wrap="nowrap">
      <div
        aria-hidden
        style={{
          width: box,
          height: box,
          borderRadius: box / 4,
          background: 'linear-gradient(135deg, #4c6ef5, #9b6bff)',
        }}
      />
      <Text fw={700} size={size === 'lg' ? 'xl' : 'lg'}>
        {PRODUCT_NAME}{' '}
        <Text span c="dimmed" fw={500} inherit>
          Studio
        </Text>
      </Text>
    </Group>
  );
}
