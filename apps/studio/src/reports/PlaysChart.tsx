// Plays per day per item as stacked SVG bars with a legend: a dozen bars need no charting library (the studio
// does not ship recharts for one chart).

import { Group, Stack, Text } from '@mantine/core';
import type { PlaysChartData } from './playsByDay';

const COLOURS = ['#228be6', '#40c057', '#fab005', '#fa5252', '#7950f2', '#15aabf', '#adb5bd'];
const HEIGHT = 160;
const BAR_WIDTH = 28;
const GAP = 10;

export function PlaysChart({ data }: { data: PlaysChartData }) {
  const width = data.bars.length * (BAR_WIDTH + GAP);
  return (
    <Stack gap="xs">
      <svg
        role="img"
        aria-label="Plays per day per item"
        width="100%"
        height={HEIGHT + 20}
        viewBox={`0 0 ${Math.max(width, 1)} ${HEIGHT + 20}`}
        preserveAspectRatio="xMinYMid meet"
      >
        {data.bars.map((bar, index) => {
          let top = HEIGHT;
          return (
            <g key={bar.day} transform={`translate(${index * (BAR_WIDTH + GAP)}, 0)`}>
              <title>{`${bar.day}: ${bar.total} plays`}</title>
              {bar.counts.map((count, series) => {
                const height = (count / data.max) * HEIGHT;
                top -= height;
                return count === 0 ? null : (
                  <rect
                    key={series}
                    y={top}
                    width={BAR_WIDTH}
                    height={height}
                    fill={COLOURS[series % COLOURS.length]}
                  />
                );
              })}
              <text x={BAR_WIDTH / 2} y={HEIGHT + 14} fontSize={9} textAnchor="middle" fill="#868e96">
                {bar.day.slice(5)}
              </text>
            </g>
          );
        })}
      </svg>
      <Group gap="md">
        {data.series.map((name, series) => (
          <Group key={name} gap={6}>
            <svg width={10} height={10} aria-hidden>
              <rect width={10} height={10} fill={COLOURS[series % COLOURS.length]} />
            </svg>
            <Text size="xs">{name}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
