import { Alert, Group, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { TImportReport } from '@portal/contract';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../../lib/format';

/** What a report says happened: a dry run, an import, or a rejection (a bad row: nothing written). */
export const reportOutcome = (r: Pick<TImportReport, 'dry_run' | 'committed'>) =>
  r.committed ? 'committed' : r.dry_run ? 'dry' : 'rejected';

const HEADINGS = { committed: 'imports.reportCommitted', dry: 'imports.reportDry', rejected: 'imports.reportRejected' } as const;

/** An import's report: its counts and every bad row (row number as the sheet shows it, column, message). */
export const ImportReportView = forwardRef<HTMLDivElement, { report: TImportReport; headingLevel?: 2 | 3 }>(function ImportReportView(
  { report, headingLevel = 2 },
  ref,
) {
  const { t } = useTranslation('admin');
  const outcome = report.errors.length > 0 ? 'rejected' : reportOutcome(report);
  // (issue 59) every bad cell is an error; beyond the listed ones the report counts the rest
  const notListed = report.errors_not_listed ?? 0;
  const errorCount = report.errors.length + notListed;
  const counts = [
    ['rows', report.rows],
    ['created', report.created],
    ['updated', report.updated],
    ['unchanged', report.unchanged],
    ['errorCount', errorCount],
  ] as const;
  return (
    <Paper
      withBorder
      p="md"
      ref={ref}
      tabIndex={-1}
      data-testid="import-report"
      data-outcome={outcome}
      aria-labelledby="import-report-title"
    >
      <Title order={headingLevel} size="h4" mb="sm" id="import-report-title">
        {t(HEADINGS[outcome])}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 5 }} mb="md">
        {counts.map(([key, n]) => (
          <div key={key} data-testid={`count-${key}`}>
            <Text size="xs" c="dimmed">
              {t(`imports.${key}`)}
            </Text>
            <Text fw={700} size="lg">
              {formatInteger(n)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {report.errors.length === 0 ? (
        outcome === 'dry' && (
          <Alert color="green" data-testid="import-no-errors">
            {t('imports.noErrors')}
          </Alert>
        )
      ) : (
        <>
          <Alert color="red" mb="sm" role="alert">
            {t('imports.hasErrors', { count: errorCount })}
            {notListed > 0 && (
              <Text size="sm" mt={4} data-testid="import-not-listed">
                {t('imports.notListed', { count: notListed, max: formatInteger(report.errors.length) })}
              </Text>
            )}
          </Alert>
          {/* a scrolling region is reached and scrolled with the keyboard too (a narrow screen scrolls it sideways) */}
          <Table.ScrollContainer minWidth={500} mah={420} type="native" tabIndex={0} role="region" aria-label={t('imports.errorsCaption')}>
            <Table striped withTableBorder data-testid="import-errors">
              <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600, paddingBottom: 4 }}>
                {t('imports.errorsCaption')}
              </caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w={80}>
                    {t('imports.row')}
                  </Table.Th>
                  <Table.Th scope="col" w={180}>
                    {t('imports.column')}
                  </Table.Th>
                  <Table.Th scope="col">{t('imports.message')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.errors.map((e, i) => (
                  <Table.Tr key={`${e.row}-${e.column}-${i}`} data-testid="import-error-row">
                    <Table.Td>{e.row}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <code>{e.column}</code>
                      </Group>
                    </Table.Td>
                    <Table.Td>{e.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Paper>
  );
});
