import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * An editable list of e-mail addresses (spec §2: multiple e-mails, multiple invoice e-mails): one
 * input per address, add and remove buttons. Errors come per entry (`errors[i]`) or for the list.
 */
export function EmailListInput(props: {
  legend: string;
  /** label of one entry, given its 1-based number */
  itemLabel: (n: number) => string;
  value: string[];
  onChange: (next: string[]) => void;
  listError?: string;
  itemError: (i: number) => string | undefined;
  testId: string;
}) {
  const { t } = useTranslation(['company', 'common']);
  const { value, onChange } = props;
  const list = value.length ? value : [''];
  const set = (i: number, v: string) => onChange(list.map((e, j) => (j === i ? v : e)));
  return (
    <Fieldset legend={props.legend} data-testid={props.testId}>
      <Stack gap="xs">
        {list.map((email, i) => (
          <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              flex={1}
              type="email"
              autoComplete="off"
              aria-label={props.itemLabel(i + 1)}
              placeholder="name@example.com"
              value={email}
              onChange={(e) => set(i, e.currentTarget.value)}
              error={props.itemError(i)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('actions.removeEmail', { email: email || props.itemLabel(i + 1) })}
              disabled={list.length === 1}
              onClick={() => onChange(list.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {props.listError && (
          <Text c="red" size="sm" role="alert">
            {props.listError}
          </Text>
        )}
        <Group>
          <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => onChange([...list, ''])}>
            {t('actions.addEmail')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
