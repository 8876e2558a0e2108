import { Badge, Select, Stack, Text, TextInput } from '@mantine/core';
import { MAIL_KINDS, MAIL_SORT_DEFAULT, MAIL_SORTS, MAIL_STATES, type TMailFilter, type TMailRow } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DataTable, useSort, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { DateRangeInput, SearchForm, useListSearch, type FieldErrors } from '../../../components/search-form';
import { parseDateRange } from '../../../lib/date-range';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { useMails } from '../api/mails';

const ZForm = z.object({
  state: z.enum(['', ...MAIL_STATES]),
  kind: z.enum(['', ...MAIL_KINDS]),
  company: z.string(),
  recipient: z.string(),
  dateRange: z.string(),
});
type Form = z.infer<typeof ZForm>;
const EMPTY: Form = { state: '', kind: '', company: '', recipient: '', dateRange: '' };
const SCREEN = 'admin.mails';
const STATE_COLOR = { pending: 'gray', sent: 'green', failed: 'red' } as const;

/** The form as the call's filter: empty fields left out; a date range that does not parse is an error. */
export function mailsFilter(form: Form): { filter: TMailFilter; errors: FieldErrors<Form> } {
  const errors: FieldErrors<Form> = {};
  const range = parseDateRange(form.dateRange);
  if (!range.ok) errors.dateRange = range.error;
  const company = form.company.trim();
  const recipient = form.recipient.trim();
  return {
    filter: {
      ...(form.state ? { state: form.state } : {}),
      ...(form.kind ? { kind: form.kind } : {}),
      ...(company ? { company } : {}),
      ...(recipient ? { recipient } : {}),
      ...(range.ok ? range.value : {}),
    },
    errors,
  };
}

/**
 * (issue 57) The mail outbox (GET admin/mails): which mail went to which company's addresses, whether it was sent, and if
 * not why (its attempts and last error); filtered by state, kind, company, recipient and day.
 */
export function MailsPage() {
  const { t } = useTranslation(['admin', 'common']);
  const { search, paging, setPaging, errors, filter, set, onSearch, onReset } = useListSearch(SCREEN, ZForm, EMPTY, mailsFilter);
  const order = useSort(SCREEN, MAIL_SORTS, MAIL_SORT_DEFAULT, { paging, setPaging });
  const mails = useMails(paging, filter, order.sort.dir);
  const kindLabel = (kind: string) => ((MAIL_KINDS as readonly string[]).includes(kind) ? t(`mails.kinds.${kind}`) : kind);
  const columns: Column<TMailRow>[] = [
    {
      key: 'created_at',
      header: t('mails.createdAt'),
      sortKey: 'created_at',
      sortFirst: 'desc',
      render: (m) => formatDateTime(m.created_at),
    },
    { key: 'kind', header: t('mails.kind'), render: (m) => <span data-kind={m.kind}>{kindLabel(m.kind)}</span> },
    {
      key: 'company',
      header: t('mails.company'),
      render: (m) => (m.company_id ? `${m.company_id}${m.company_name ? ` (${m.company_name})` : ''}` : ''),
    },
    { key: 'recipients', header: t('mails.recipients'), render: (m) => m.recipients.split(',').join(', ') },
    { key: 'subject', header: t('mails.subject') },
    {
      key: 'state',
      header: t('mails.state'),
      // the state in words (its colour only repeats it), with the time it was sent or given up
      render: (m) => (
        <Stack gap={2} align="flex-start">
          <Badge color={STATE_COLOR[m.state]} variant="light" data-state={m.state}>
            {t(`mails.states.${m.state}`)}
          </Badge>
          {(m.sent_at ?? m.failed_at) && (
            <Text size="xs" c="dimmed">
              {formatDateTime(m.sent_at ?? m.failed_at)}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'attempts', header: t('mails.attempts'), render: (m) => formatInteger(m.attempts) },
    {
      key: 'last_error',
      header: t('mails.lastError'),
      render: (m) => (
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {m.last_error ?? ''}
        </Text>
      ),
    },
  ];
  return (
    <Stack>
      <PageHeader title={t('mails.title')} />
      <SearchForm onSearch={onSearch} onReset={onReset}>
        <Select
          label={t('mails.filters.state')}
          data={[{ value: '', label: t('mails.filters.all') }, ...MAIL_STATES.map((s) => ({ value: s, label: t(`mails.states.${s}`) }))]}
          value={search.draft.state}
          onChange={(state) => set({ state: (state ?? '') as Form['state'] })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          w={160}
          data-testid="mails-state"
        />
        <Select
          label={t('mails.filters.kind')}
          data={[{ value: '', label: t('mails.filters.all') }, ...MAIL_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))]}
          value={search.draft.kind}
          onChange={(kind) => set({ kind: (kind ?? '') as Form['kind'] })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          w={220}
          data-testid="mails-kind"
        />
        <TextInput
          label={t('mails.filters.company')}
          description={t('mails.filters.companyHint')}
          value={search.draft.company}
          onChange={(e) => set({ company: e.currentTarget.value })}
          maxLength={100}
          w={220}
          data-testid="mails-company"
        />
        <TextInput
          label={t('mails.filters.recipient')}
          description={t('mails.filters.recipientHint')}
          value={search.draft.recipient}
          onChange={(e) => set({ recipient: e.currentTarget.value })}
          maxLength={200}
          w={220}
          data-testid="mails-recipient"
        />
        <DateRangeInput
          value={search.draft.dateRange}
          onChange={(dateRange) => set({ dateRange })}
          error={errors.dateRange}
          label={t('mails.filters.days')}
        />
      </SearchForm>
      <DataTable
        columns={columns}
        rows={mails.data?.dataset ?? []}
        total={mails.data?.total_cnt ?? 0}
        rowKey={(m) => m.id}
        paging={paging}
        onPagingChange={setPaging}
        sort={order.sort}
        onSortChange={order.onSortChange}
        loading={mails.isFetching}
        error={mails.error}
        onRetry={() => void mails.refetch()}
        caption={t('mails.caption')}
        testId="mails-table"
      />
    </Stack>
  );
}
