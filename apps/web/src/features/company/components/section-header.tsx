import { Button, Group, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

interface Props {
  /** id of the heading, named by the section's aria-labelledby */
  id: string;
  title: string;
  addLabel: string;
  deleteLabel: string;
  onAdd: () => void;
  onDelete: () => void;
  deleting: boolean;
  /** prefix of the buttons' test ids: `<prefix>-add`, `<prefix>-delete` */
  testIdPrefix: string;
}

/** Heading of a company list section (addresses, contact persons) with its add and delete-selected buttons. */
export function SectionHeader(p: Props) {
  return (
    <Group justify="space-between">
      <Title order={2} size="h4" id={p.id}>
        {p.title}
      </Title>
      <Group gap="xs">
        <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={p.onAdd} data-testid={`${p.testIdPrefix}-add`}>
          {p.addLabel}
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={p.onDelete}
          loading={p.deleting}
          data-testid={`${p.testIdPrefix}-delete`}
        >
          {p.deleteLabel}
        </Button>
      </Group>
    </Group>
  );
}
