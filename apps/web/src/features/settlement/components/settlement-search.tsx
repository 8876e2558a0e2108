import { Checkbox, Group, Switch, TextInput } from '@mantine/core';
import {
  ORDER_TYPE_FILTERS,
  ZInvoiceFilter,
  ZPaymentFilter,
  type TInvoiceFilter,
  type TOrderTypeFilter,
  type TPaymentFilter,
} from '@portal/contract';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateRangeInput, SearchForm, useSavedSearch } from '../../../components/search-form';
import { formatDateRange, parseDateRange } from '../../../lib/date-range';
import { useLoginInfo } from '../../auth/api/login-info';

/** The two tabs' searches: the spec's date range and order types, and (issue 59) a keyword; overdue on invoices only. */
const SCREENS = {
  invoices: { schema: ZInvoiceFilter, keywordLabel: 'filters.invoiceKeyword', overdue: true },
  payments: { schema: ZPaymentFilter, keywordLabel: 'filters.paymentKeyword', overdue: false },
} as const;
type Kind = keyof typeof SCREENS;
type FilterOf<K extends Kind> = K extends 'invoices' ? TInvoiceFilter : TPaymentFilter;
const FLAG: Record<TOrderTypeFilter, 'buy_onCredit' | 'buy_consignment' | 'buy_prepayment'> = {
  onCredit: 'buy_onCredit',
  consignment: 'buy_consignment',
  prepayment: 'buy_prepayment',
};

/** The order types this company may filter on (spec §6: only with the matching buy_* flag). */
export function useAllowedOrderTypes() {
  const { data, isPending } = useLoginInfo();
  const allowed = useMemo<TOrderTypeFilter[]>(() => (data ? ORDER_TYPE_FILTERS.filter((o) => data[FLAG[o]] === 'Y') : []), [data]);
  return { allowed, ready: !isPending };
}

/**
 * The settlement search (spec §9): a date range and the order-type checkboxes, and (issue 59) the keyword box
 * (invoices: code or title; payments: depositor or exact amount) and, on invoices, the overdue switch; the last
 * search is stored per screen and rerun on opening. Returns the form, the applied filter, and `ready`
 * (the company's flags are known, so a restored order-type choice is kept or dropped before the
 * list is asked for — never a first request without it).
 */
export function useSettlementSearch<K extends Kind>(kind: K, screenKey: string, dateLabel: string, onApplied: () => void) {
  const { t } = useTranslation(['settlement', 'common']);
  const screen = SCREENS[kind];
  const search = useSavedSearch<TInvoiceFilter>(screenKey, screen.schema as typeof ZInvoiceFilter, {});
  const { allowed, ready } = useAllowedOrderTypes();
  const [dateText, setDateText] = useState(() => formatDateRange(search.applied));
  const [dateError, setDateError] = useState<string>();
  // the dashboard's overdue counter links here with ?overdue=Y: that search runs (overdue invoices, no other
  // filter, so the list's total is the counter's figure) and is stored like one made in the form
  const [params, setParams] = useSearchParams();
  const linkedOverdue = screen.overdue && params.get('overdue') === 'Y';
  const runLinkedOverdue = useEffectEvent(() => {
    setDateText('');
    setDateError(undefined);
    search.apply({ overdue: true });
    onApplied();
    setParams(
      (p) => {
        p.delete('overdue');
        return p;
      },
      { replace: true },
    );
  });
  // once per arrival by the link
  useEffect(() => {
    if (linkedOverdue) runLinkedOverdue();
  }, [linkedOverdue]);

  // a stored choice the company may no longer use is dropped before it reaches the server
  const applied = useMemo(() => {
    const orderTypes = (search.applied.orderTypes ?? []).filter((o) => allowed.includes(o));
    const { orderTypes: _drop, ...rest } = search.applied;
    return (orderTypes.length ? { ...rest, orderTypes } : rest) as FilterOf<K>;
  }, [search.applied, allowed]);

  const submit = () => {
    const parsed = parseDateRange(dateText);
    if (!parsed.ok) {
      setDateError(parsed.error);
      return;
    }
    setDateError(undefined);
    const { startDate: _s, endDate: _e, keyword, overdue, ...rest } = search.draft;
    // an empty box or an unticked switch is no filter: left out of the search sent and stored
    const text = keyword?.trim();
    search.apply({ ...rest, ...parsed.value, ...(text ? { keyword: text } : {}), ...(overdue ? { overdue } : {}) });
    onApplied();
  };
  const reset = () => {
    setDateText('');
    setDateError(undefined);
    search.reset();
    onApplied();
  };
  const setOrderTypes = (values: string[]) =>
    search.setDraft({ ...search.draft, orderTypes: ORDER_TYPE_FILTERS.filter((x) => values.includes(x)) });

  const form = (
    <SearchForm onSearch={submit} onReset={reset}>
      <TextInput
        type="search"
        label={t(screen.keywordLabel)}
        description={kind === 'payments' ? t('filters.paymentKeywordHint') : undefined}
        value={search.draft.keyword ?? ''}
        onChange={(e) => search.setDraft({ ...search.draft, keyword: e.currentTarget.value })}
        maxLength={100}
        w={{ base: '100%', xs: 260 }}
        data-testid="filter-keyword"
      />
      <DateRangeInput value={dateText} onChange={setDateText} error={dateError} label={dateLabel} />
      {allowed.length > 0 && (
        <Checkbox.Group
          label={t('common:search.orderType')}
          value={search.draft.orderTypes ?? []}
          onChange={setOrderTypes}
          data-testid="order-types"
        >
          <Group gap="md" mt={6} mb={8}>
            {allowed.map((o) => (
              <Checkbox key={o} value={o} label={t(`common:search.${o}`)} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      {screen.overdue && (
        <Switch
          label={t('filters.overdueOnly')}
          checked={search.draft.overdue ?? false}
          onChange={(e) => search.setDraft({ ...search.draft, overdue: e.currentTarget.checked })}
          mb={8}
          data-testid="filter-overdue"
        />
      )}
    </SearchForm>
  );
  return { form, applied, ready };
}
