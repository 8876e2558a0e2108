import { Center, Loader, Table } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { withTimeout } from '../../../lib/with-timeout';
import { fmtInt } from '../format';
import { useMonthlySaleQty } from '../api/monthly-sale-qty';
import classes from './dashboard.module.css';
import { CHART_HEIGHT } from './chart-constants';
import { Section, useSectionData } from './section';

const MonthlyChart = lazy(() => withTimeout(import('./monthly-chart')));

/** Monthly sale quantity: a 300 px bar chart of the last 12 months (and the figures as a table for screen readers). */
export function MonthlySales() {
  const { t, i18n } = useTranslation('dashboard');
  const q = useMonthlySaleQty();
  const { state, data } = useSectionData(q, (d) => d.every((m) => m.qty === 0));
  return (
    <Section
      id="dashboard-monthly"
      title={t('chart.heading')}
      state={state}
      emptyText={t('chart.empty')}
      onRetry={() => void q.refetch()}
      minBodyHeight={CHART_HEIGHT}
    >
      {data && (
        <>
          <Suspense
            fallback={
              <Center h={CHART_HEIGHT}>
                <Loader size="sm" aria-label={t('common:app.loading')} />
              </Center>
            }
          >
            <MonthlyChart data={data} />
          </Suspense>
          <Table className={classes.srOnly}>
            <caption>{t('chart.heading')}</caption>
            <Table.Tbody>
              {data.map((m) => (
                <Table.Tr key={m.month}>
                  <Table.Th scope="row">{m.month}</Table.Th>
                  <Table.Td>{fmtInt(m.qty, i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Section>
  );
}
