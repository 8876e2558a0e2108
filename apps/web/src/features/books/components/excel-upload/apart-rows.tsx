import { Badge, Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApartRow } from './use-upload-flow';

/** Rows shown in the "not saved" list; the rest are counted. */
const APART_SHOWN = 1000;

/** The cells of the file that are not in the review (invalid or repeated ISBNs), with the reason. */
export function ApartRows({ apart }: { apart: ApartRow[] }) {
  const { t } = useTranslation(['books', 'common']);
  if (apart.length === 0) return null;
  return (
    <Paper withBorder p="md" data-testid="apart-rows">
      <Title order={2} size="h4" mb="sm">
        {t('review.apartTitle')}
      </Title>
      {/* scrolls (sideways at 390 px): its viewport takes the focus so keyboards can scroll it too (axe) */}
      <Table.ScrollContainer
        minWidth={500}
        mah={360}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('review.apartTitle') } }}
      >
        <Table striped withTableBorder verticalSpacing={4}>
          <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            {t('review.apartTitle')}
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('fields.row')}</Table.Th>
              <Table.Th scope="col">{t('fields.value')}</Table.Th>
              <Table.Th scope="col">{t('fields.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {apart.slice(0, APART_SHOWN).map((a) => (
              <Table.Tr key={a.key} data-testid={`apart-${a.kind}`}>
                <Table.Td>{a.row ?? ''}</Table.Td>
                <Table.Td style={{ fontFamily: 'monospace' }}>{a.value}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={a.kind === 'invalid' ? 'red' : 'gray'} tt="none" c="var(--mantine-color-text)">
                    {t(a.reason, a.reasonValues)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {apart.length > APART_SHOWN && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('review.more', { count: apart.length - APART_SHOWN })}
        </Text>
      )}
    </Paper>
  );
}
