import { ActionIcon, Tabs, Text } from '@mantine/core';
import type { TStatementRow } from '@portal/contract';
import { IconFileTypePdf, IconListDetails, IconReceipt } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, usePaging, type Column } from '../../../components/data-table';
import { formatAmount, formatDate } from '../../../lib/format';
import { useDownload } from '../../../lib/use-download';
import { downloadStatement, useStatements } from '../api/statements';

const SCREEN = 'copyright.statements';

/** The royalty screen's tabs: the royalty lines (`children`) and the statements; the tab is kept in the URL (?tab=statements). */
export function RoyaltyTabs({ children }: { children: ReactNode }) {
  const { t } = useTranslation('copyright');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'statements' ? 'statements' : 'lines';
  return (
    <Tabs value={tab} onChange={(v) => setParams(v === 'statements' ? { tab: 'statements' } : {}, { replace: true })} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="lines" leftSection={<IconListDetails size={16} aria-hidden />}>
          {t('statements.linesTab')}
        </Tabs.Tab>
        <Tabs.Tab value="statements" leftSection={<IconReceipt size={16} aria-hidden />} data-testid="tab-statements">
          {t('statements.tab')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="lines">{children}</Tabs.Panel>
      <Tabs.Panel value="statements">
        <StatementsTab />
      </Tabs.Panel>
    </Tabs>
  );
}

const money = (amount: string, currency: string) => `${formatAmount(amount, { decimals: 2 })} ${currency}`;

/** The company's royalty statements (issue 18), each with its PDF. */
export function StatementsTab() {
  const { t, i18n } = useTranslation(['copyright', 'common']);
  const [paging, setPaging] = usePaging(SCREEN);
  const query = useStatements(paging);
  const { pending: downloading, download } = useDownload<number>();

  const columns: Column<TStatementRow>[] = [
    { key: 'no', header: t('fields.no'), align: 'right', width: 56 },
    {
      key: 'period',
      header: t('statements.fields.period'),
      render: (r) => (
        <div>
          <Text size="sm" fw={600}>
            {r.period}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDate(r.period_start, i18n.language)} – {formatDate(r.period_end, i18n.language)}
          </Text>
        </div>
      ),
    },
    {
      key: 'number',
      header: t('statements.fields.number'),
      render: (r) => (
        <div>
          <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid="statement-number">
            {r.number}
          </Text>
          <Text size="xs" c="dimmed">
            {t('statements.version', { version: r.version })}
          </Text>
        </div>
      ),
    },
    {
      key: 'royalty',
      header: t('fields.royalty'),
      align: 'right',
      render: (r) => (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="statement-royalty">
          {money(r.royalty, r.currency)}
        </Text>
      ),
    },
    {
      key: 'closing_balance',
      header: t('statements.fields.closingBalance'),
      align: 'right',
      render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{money(r.closing_balance, r.currency)}</span>,
    },
    { key: 'issued_at', header: t('statements.fields.issuedAt'), render: (r) => formatDate(r.issued_at, i18n.language) },
    {
      key: 'pdf',
      header: t('statements.fields.pdf'),
      align: 'center',
      print: false,
      render: (r) => (
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={() => void download(r.idx, () => downloadStatement(r.idx, r.number))}
          loading={downloading === r.idx}
          aria-label={t('statements.download', { number: r.number })}
          data-testid="statement-download"
        >
          <IconFileTypePdf size={20} aria-hidden />
        </ActionIcon>
      ),
    },
  ];

  return (
    <DataTable
      testId="statements-table"
      caption={t('statements.caption')}
      columns={columns}
      rows={query.data?.dataset ?? []}
      total={query.data?.total_cnt ?? 0}
      rowKey={(r) => r.idx}
      paging={paging}
      onPagingChange={setPaging}
      loading={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
    />
  );
}
