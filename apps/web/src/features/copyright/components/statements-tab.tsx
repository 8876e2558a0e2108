import { ActionIcon, Select, Stack, Tabs, Text } from '@mantine/core';
import { formatMoney, STATEMENT_CURRENCIES, type TStatementRow, type TStatementsFilter } from '@portal/contract';
import { IconFileTypePdf, IconListDetails, IconReceipt } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { DataTable, type Column } from '../../../components/data-table';
import { DateRangeInput, SearchForm, useListSearch, type FieldErrors } from '../../../components/search-form';
import { parseDateRange } from '../../../lib/date-range';
import { formatDate } from '../../../lib/format';
import { useDownload } from '../../../lib/use-download';
import { downloadStatement, useStatements } from '../api/statements';

const SCREEN = 'copyright.statements';

const ZForm = z.object({ currency: z.string(), periodRange: z.string() });
type Form = z.infer<typeof ZForm>;
const EMPTY: Form = { currency: '', periodRange: '' };

/** The form as the call's filter: a currency of the portal's, the range of the periods' first days; a range that does not parse is an error. */
export function statementsFilter(form: Form): { filter: TStatementsFilter; errors: FieldErrors<Form> } {
  const errors: FieldErrors<Form> = {};
  const range = parseDateRange(form.periodRange);
  if (!range.ok) errors.periodRange = range.error;
  const currency = STATEMENT_CURRENCIES.find((c) => c === form.currency);
  return { filter: { ...(currency ? { currency } : {}), ...(range.ok ? range.value : {}) }, errors };
}

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

/** The company's royalty statements (issue 18), each with its PDF, filtered by currency and period (issue 57). */
export function StatementsTab() {
  const { t, i18n } = useTranslation(['copyright', 'common']);
  const { search, paging, setPaging, errors, filter, set, onSearch, onReset } = useListSearch(SCREEN, ZForm, EMPTY, statementsFilter);
  const query = useStatements(paging, filter);
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
    <Stack>
      <SearchForm onSearch={onSearch} onReset={onReset}>
        <DateRangeInput
          value={search.draft.periodRange}
          onChange={(periodRange) => set({ periodRange })}
          error={errors.periodRange}
          label={t('statements.filters.period')}
        />
        <Select
          label={t('statements.filters.currency')}
          data={[{ value: '', label: t('statements.filters.currencyAll') }, ...STATEMENT_CURRENCIES]}
          value={search.draft.currency}
          onChange={(v) => set({ currency: v ?? '' })}
          allowDeselect={false}
          w={160}
          data-testid="statements-currency"
        />
      </SearchForm>
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
    </Stack>
  );
}
