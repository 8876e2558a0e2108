import { Stack, TextInput } from '@mantine/core';
import type { TAuditEntry, TAuditFilter } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { DateRangeInput, SearchForm, useListSearch, type FieldErrors } from '../../../components/search-form';
import { parseDateRange } from '../../../lib/date-range';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { useAudit } from '../api/audit';

const ZForm = z.object({ action: z.string(), actor: z.string(), dateRange: z.string() });
type Form = z.infer<typeof ZForm>;
const EMPTY: Form = { action: '', actor: '', dateRange: '' };
const SCREEN = 'admin.audit';

/** The form as the call's filter: empty fields left out; a date range that does not parse is an error. */
export function auditFilter(form: Form): { filter: TAuditFilter; errors: FieldErrors<Form> } {
  const errors: FieldErrors<Form> = {};
  const range = parseDateRange(form.dateRange);
  if (!range.ok) errors.dateRange = range.error;
  const action = form.action.trim();
  const actor = form.actor.trim();
  return { filter: { ...(action ? { action } : {}), ...(actor ? { actor } : {}), ...(range.ok ? range.value : {}) }, errors };
}

/** The audit log (GET admin/audit): every admin write, who did it and when, filtered by action, actor and day. */
export function AuditPage() {
  const { t } = useTranslation(['admin', 'common']);
  const { search, paging, setPaging, errors, filter, set, onSearch, onReset } = useListSearch(SCREEN, ZForm, EMPTY, auditFilter);
  const audit = useAudit(paging, filter);
  const columns: Column<TAuditEntry>[] = [
    { key: 'at', header: t('audit.at'), render: (a) => formatDateTime(a.at) },
    { key: 'actor', header: t('audit.actor'), render: (a) => `${a.actor} (${t(`audit.actorKind.${a.actor_kind}`)})` },
    { key: 'action', header: t('audit.action'), render: (a) => <code>{a.action}</code> },
    { key: 'target', header: t('audit.target') },
    {
      key: 'counts',
      header: t('audit.counts'),
      render: (a) =>
        a.counts
          ? Object.entries(a.counts)
              .map(([k, n]) => `${k} ${formatInteger(n)}`)
              .join(', ')
          : '',
    },
  ];
  return (
    <Stack>
      <PageHeader title={t('audit.title')} />
      <SearchForm onSearch={onSearch} onReset={onReset}>
        <TextInput
          label={t('audit.filters.action')}
          description={t('audit.filters.actionHint')}
          value={search.draft.action}
          onChange={(e) => set({ action: e.currentTarget.value })}
          maxLength={50}
          w={260}
          data-testid="audit-action"
        />
        <TextInput
          label={t('audit.filters.actor')}
          description={t('audit.filters.actorHint')}
          value={search.draft.actor}
          onChange={(e) => set({ actor: e.currentTarget.value })}
          maxLength={100}
          w={260}
          data-testid="audit-actor"
        />
        <DateRangeInput
          value={search.draft.dateRange}
          onChange={(dateRange) => set({ dateRange })}
          error={errors.dateRange}
          label={t('audit.filters.days')}
        />
      </SearchForm>
      <DataTable
        columns={columns}
        rows={audit.data?.dataset ?? []}
        total={audit.data?.total_cnt ?? 0}
        rowKey={(a) => a.id}
        paging={paging}
        onPagingChange={setPaging}
        loading={audit.isFetching}
        error={audit.error}
        onRetry={() => void audit.refetch()}
        caption={t('audit.caption')}
        testId="audit-table"
      />
    </Stack>
  );
}
