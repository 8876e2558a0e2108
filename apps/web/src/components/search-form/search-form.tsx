import { Button, Group, Paper } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  onSearch: () => void;
  onReset: () => void;
  children: ReactNode;
}

/** The search form frame: fields, Search and Reset. State and persistence: `useSavedSearch`. */
export function SearchForm({ onSearch, onReset, children }: Props) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch();
  };
  return (
    <Paper component="form" role="search" withBorder p="md" mb="md" onSubmit={submit} noValidate>
      <Group align="flex-end" wrap="wrap" gap="md">
        {children}
        <Group gap="xs">
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} data-testid="search-submit">
            {t('actions.search')}
          </Button>
          <Button variant="default" onClick={onReset} leftSection={<IconRefresh size={16} aria-hidden />}>
            {t('actions.reset')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
