import { Anchor, Button, Stack, Table } from '@mantine/core';
import { Link } from 'react-router';
import { useLayouts } from '../api/layouts';
import { Allowed } from '../access/Allowed';
import { DeleteRefusal } from '../common/DeleteRefusal';
import { EmptyState } from '../common/EmptyState';
import { ListTable } from '../common/ListTable';
import { PageHeader } from '../common/PageHeader';
import { QueryStatus } from '../common/QueryStatus';
import { NEW_LAYOUT_PATH } from '../constants';
import { usageOf } from '../playlists/usage';
import { useLayoutDeletion } from './useLayoutDeletion';
import { DeleteRowButton } from '../common/DeleteRowButton';

export function LayoutsPage() {
  const layouts = useLayouts();
  const deletion = useLayoutDeletion();
  const newButton = (
    <Allowed route="createLayout" what="add layouts">
      <Button component={Link} to={`/layouts/${NEW_LAYOUT_PATH}`}>
        New layout
      </Button>
    </Allowed>
  );
  return (
    <Stack gap="lg">
      <PageHeader
        title="Layouts"
        description="Screens divided into zones, each playing a playlist or an app: a clock, text, a ticker, a feed, a QR code or your own web app."
        actions={newButton}
      />
      <DeleteRefusal message={deletion.refusal} onClose={deletion.dismiss} />
      <QueryStatus query={layouts} title="Could not load your layouts" />
      <ListTable
        items={layouts.data}
        label="Layouts"
        headers={['Name', 'Screen', 'Zones', 'Used by', '']}
        empty={
          <EmptyState title="No layouts yet" action={newButton}>
            A layout shows several things at once: a video beside a price list over a ticker, a feed beside a
            clock. Start from a template, then drag its zones where you want them.
          </EmptyState>
        }
      >
        {(layout) => (
          <Table.Tr key={layout.id}>
            <Table.Td>
              <Anchor component={Link} to={`/layouts/${layout.id}`} fw={600}>
                {layout.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{layout.aspect === 'portrait' ? 'Portrait' : 'Landscape'}</Table.Td>
            <Table.Td>{layout.zones.length}</Table.Td>
            <Table.Td>{usageOf(layout.usedBy)}</Table.Td>
            <Table.Td ta="right">
              <Allowed route="deleteLayout" what="delete layouts" hide>
                <DeleteRowButton name={layout.name} onClick={() => deletion.request(layout)} />
              </Allowed>
            </Table.Td>
          </Table.Tr>
        )}
      </ListTable>
    </Stack>
  );
}
