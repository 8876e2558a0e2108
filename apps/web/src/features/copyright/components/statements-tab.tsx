import { ActionIcon, Tabs, Text } from '@mantine/core';
import { formatMoney, type TStatementRow } from '@portal/contract';
import { IconFileTypePdf, IconListDetails, IconReceipt } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, usePaging, type Column } from '../../../components/data-table';
import { formatDate } from '../../../lib/format';
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

// royalties to the hundredth (as computed); what is payable in the currency's minor unit, by the contract's formatter
const money = (amount: string, currency: string, lang: string) => formatMoney(amount, currency, lang, { decimals: 2 });

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
      header: t('statements.fields.royalty'),
      align: 'right',
      render: (r) => (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="statement-royalty">
          {money(r.royalty, r.currency, i18n.language)} {r.currency}
        </Text>
      ),
    },
    {
      key: 'payable',
      header: t('statements.fields.payable'),
      align: 'right',
      render: (r) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm" fw={700} data-testid="statement-payable">
            {formatMoney(r.payable, r.currency, i18n.language, { symbol: true })}
          </Text>
          <Text size="xs" c="dimmed" data-testid="statement-balance">
            {t('statements.balance', { amount: money(r.closing_balance, r.currency, i18n.language) })}
          </Text>
          <Text size="xs" c="dimmed" data-testid="statement-rounding">
            {t('statements.rounding', { amount: money(r.rounding, r.currency, i18n.language) })}
          </Text>
        </div>
      ),
    },
    // the business day of the issue (the PDF's "issued on"), not the browser's day of the instant
    { key: 'issued_on', header: t('statements.fields.issuedAt'), render: (r) => formatDate(r.issued_on, i18n.language) },
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
