import { Checkbox, Group } from '@mantine/core';
import { ORDER_TYPE_FILTERS, ZSettlementFilter, type TOrderTypeFilter, type TSettlementFilter } from '@portal/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeInput, SearchForm, useSavedSearch } from '../../../components/search-form';
import { formatDateRange, parseDateRange } from '../../../lib/date-range';
import { useLoginInfo } from '../../auth/api/login-info';

const EMPTY: TSettlementFilter = {};
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
 * The settlement search (spec §9): a date range and the order-type checkboxes; the last search
 * is stored per screen and rerun on opening. Returns the form, the applied filter, and `ready`
 * (the company's flags are known, so a restored order-type choice is kept or dropped before the
 * list is asked for — never a first request without it).
 */
export function useSettlementSearch(screenKey: string, dateLabel: string, onApplied: () => void) {
  const { t } = useTranslation(['settlement', 'common']);
  const search = useSavedSearch<TSettlementFilter>(screenKey, ZSettlementFilter, EMPTY);
  const { allowed, ready } = useAllowedOrderTypes();
  const [dateText, setDateText] = useState(() => formatDateRange(search.applied));
  const [dateError, setDateError] = useState<string>();

  // a stored choice the company may no longer use is dropped before it reaches the server
  const applied = useMemo<TSettlementFilter>(() => {
    const orderTypes = (search.applied.orderTypes ?? []).filter((o) => allowed.includes(o));
    const { orderTypes: _drop, ...rest } = search.applied;
    return orderTypes.length ? { ...rest, orderTypes } : rest;
  }, [search.applied, allowed]);

  const submit = () => {
    const parsed = parseDateRange(dateText);
    if (!parsed.ok) {
      setDateError(parsed.error);
      return;
    }
    setDateError(undefined);
    const { startDate: _s, endDate: _e, ...rest } = search.draft;
    search.apply({ ...rest, ...parsed.value });
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
    </SearchForm>
  );
  return { form, applied, ready };
}
