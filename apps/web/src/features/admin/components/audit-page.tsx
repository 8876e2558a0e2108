import { Select, Stack, TextInput } from '@mantine/core';
import { AUDIT_ACTIONS, AUDIT_SORT_DEFAULT, AUDIT_SORTS, IMPORT_KINDS, type TAuditEntry, type TAuditFilter } from '@portal/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DataTable, useSort, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { DateRangeInput, SearchForm, useListSearch, type FieldErrors } from '../../../components/search-form';
import { parseDateRange } from '../../../lib/date-range';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { useAudit } from '../api/audit';

const ZForm = z.object({ action: z.string(), actor: z.string(), company: z.string().default(''), dateRange: z.string() });
type Form = z.infer<typeof ZForm>;
const EMPTY: Form = { action: '', actor: '', company: '', dateRange: '' };

/** The counts an entry can carry (an import's), named as the import report names them. */
const COUNT_KEYS = new Set(['rows', 'created', 'updated', 'unchanged']);

/** An action as the console's language names it; one it does not know stays as recorded. */
export function actionLabel(t: TFunction<['admin', 'common']>, action: string): string {
  if (action === 'import.payments.adjustment') return t('audit.actions.paymentAdjustment');
  const kind = action.startsWith('import.') ? action.slice('import.'.length) : undefined;
  if (kind && (IMPORT_KINDS as readonly string[]).includes(kind)) return t('audit.actions.import', { kind: t(`kinds.${kind}`) });
  return (AUDIT_ACTIONS as readonly string[]).includes(action) ? t(`audit.actions.${action}`) : action;
}

/** The action filter's choices: each group (a prefix: every action of it), then its actions, in the console's language. */
function actionChoices(t: TFunction<['admin', 'common']>) {
  const group = (prefix: string, name: string, all: string, actions: readonly string[]) => ({
    group: t(`audit.filters.${name}`),
    items: [{ value: prefix, label: t(`audit.filters.${all}`) }, ...actions.map((a) => ({ value: a, label: actionLabel(t, a) }))],
  });
  const of = (prefix: string) => AUDIT_ACTIONS.filter((a) => a.startsWith(prefix));
  return [
    group('company.', 'groupCompany', 'allCompany', of('company.')),
    group('operator.', 'groupOperator', 'allOperator', of('operator.')),
    group('key.', 'groupKey', 'allKey', of('key.')),
    group(
      'import.',
      'groupImport',
      'allImport',
      IMPORT_KINDS.map((k) => `import.${k}`),
    ),
  ];
}
const SCREEN = 'admin.audit';

/** The form as the call's filter: empty fields left out; a date range that does not parse is an error. */
export function auditFilter(form: Form): { filter: TAuditFilter; errors: FieldErrors<Form> } {
  const errors: FieldErrors<Form> = {};
  const range = parseDateRange(form.dateRange);
  if (!range.ok) errors.dateRange = range.error;
  const action = form.action.trim();
  const actor = form.actor.trim();
  const company = form.company.trim();
  return {
    filter: {
      ...(action ? { action } : {}),
      ...(actor ? { actor } : {}),
      ...(company ? { company } : {}),
      ...(range.ok ? range.value : {}),
    },
    errors,
  };
}

/**
 * The audit log (GET admin/audit): every admin write, who did it and when, in the console's language (issue 59),
 * filtered by action, actor, company and day.
 */
export function AuditPage() {
  const { t } = useTranslation(['admin', 'common']);
  const { search, paging, setPaging, errors, filter, set, onSearch, onReset } = useListSearch(SCREEN, ZForm, EMPTY, auditFilter);
  const order = useSort(SCREEN, AUDIT_SORTS, AUDIT_SORT_DEFAULT, { paging, setPaging });
  const audit = useAudit(paging, filter, order.sort.dir);
  const columns: Column<TAuditEntry>[] = [
    { key: 'at', header: t('audit.at'), sortKey: 'at', sortFirst: 'desc', render: (a) => formatDateTime(a.at) },
    { key: 'actor', header: t('audit.actor'), render: (a) => `${a.actor} (${t(`audit.actorKind.${a.actor_kind}`)})` },
    { key: 'action', header: t('audit.action'), render: (a) => <span data-action={a.action}>{actionLabel(t, a.action)}</span> },
    { key: 'target', header: t('audit.target') },
    {
      key: 'counts',
      header: t('audit.counts'),
      render: (a) =>
        a.counts
          ? Object.entries(a.counts)
              .map(([k, n]) => `${COUNT_KEYS.has(k) ? t(`imports.${k}`) : k} ${formatInteger(n)}`)
              .join(', ')
          : '',
    },
  ];
  return (
    <Stack>
      <PageHeader title={t('audit.title')} />
      <SearchForm onSearch={onSearch} onReset={onReset}>
        <Select
          label={t('audit.filters.action')}
          placeholder={t('audit.filters.actionAll')}
          data={actionChoices(t)}
          value={search.draft.action || null}
          onChange={(action) => set({ action: action ?? '' })}
          clearable
          clearButtonProps={{ 'aria-label': t('common:actions.reset') }}
          comboboxProps={{ withinPortal: true }}
          maxDropdownHeight={320}
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
        <TextInput
          label={t('audit.filters.company')}
          description={t('audit.filters.companyHint')}
          value={search.draft.company}
          onChange={(e) => set({ company: e.currentTarget.value })}
          maxLength={100}
          w={260}
          data-testid="audit-company"
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
        sort={order.sort}
        onSortChange={order.onSortChange}
        loading={audit.isFetching}
        error={audit.error}
        onRetry={() => void audit.refetch()}
        caption={t('audit.caption')}
        testId="audit-table"
      />
    </Stack>
  );
}
