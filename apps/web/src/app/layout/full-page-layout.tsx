import { Box, Center, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguageSelect } from '../../components/language-select';

/** Spec §1: the login screen (and the placeholders) use a full-page layout. */
export function FullPageLayout() {
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Group justify="flex-end" p="md">
        <LanguageSelect />
      </Group>
      <Center px="md" pb="xl" mih="calc(100vh - 80px)">
        <Outlet />
      </Center>
    </Box>
  );
}
