import { Center, Grid, Loader, Table } from '@mantine/core';
import type { TGlobalSale } from '@portal/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { withTimeout } from '../../../lib/with-timeout';
import { fmtInt, fmtPercent } from '../format';
import { useGlobalSaleTop } from '../api/global-sale-top';
import { countryName } from '../country-name';
import classes from './dashboard.module.css';
import { Section, useSectionData } from './section';
import { WhenInView } from './when-in-view';

// geometry and d3-geo arrive only when there is something to draw
const WorldMap = lazy(() => withTimeout(import('./world-map')));

function SalesTable({ rows }: { rows: TGlobalSale[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  return (
    <div className={classes.salesTable} data-testid="global-sales-table" tabIndex={0} role="region" aria-label={t('global.tableCaption')}>
      <Table striped highlightOnHover verticalSpacing={6} stickyHeader={false}>
        <caption className={classes.srOnly}>{t('global.tableCaption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>{t('global.rank')}</Table.Th>
            <Table.Th>{t('global.country')}</Table.Th>
            <Table.Th ta="right">{t('global.cnt')}</Table.Th>
            <Table.Th ta="right">{t('global.percent')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.code_3} data-code={r.code_3}>
              <Table.Td>{r.rank}</Table.Td>
              <Table.Td data-testid="global-sales-name">{countryName(r, lng)}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {fmtInt(r.cnt, lng)}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {fmtPercent(r.percent, lng)}%
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** Global top sales: the ranked table (max 300 px, scrolling) beside the world map shaded by quantity. */
export function GlobalSales() {
  const { t } = useTranslation('dashboard');
  const q = useGlobalSaleTop();
  const { state, data } = useSectionData(q, (d) => d.global_sales.length === 0);
  const loader = (label: string) => (
    <Center h={300}>
      <Loader size="sm" aria-label={label} />
    </Center>
  );
  const mapLoader = loader(t('map.loading'));
  return (
    <Section
      id="dashboard-global"
      title={t('global.heading')}
      state={state}
      emptyText={t('global.empty')}
      onRetry={() => void q.refetch()}
      minBodyHeight={300}
    >
      {data && (
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 5 }}>
            {/* below the fold on a phone: rendered as it comes near, not in the commit of the first screen */}
            <WhenInView placeholder={loader(t('common:app.loading'))} testId="global-sales-slot">
              <SalesTable rows={data.global_sales} />
            </WhenInView>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            {/* the map loads when it comes into view (below the fold on a phone) */}
            <WhenInView placeholder={mapLoader} testId="world-map-slot">
              <Suspense fallback={mapLoader}>
                <WorldMap sales={data.global_sales} />
              </Suspense>
            </WhenInView>
          </Grid.Col>
        </Grid>
      )}
    </Section>
  );
}
