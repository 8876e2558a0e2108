import { Alert, Button } from '@mantine/core';
import {
  BOOKS_LIST_SORT_DEFAULT,
  BOOKS_LIST_SORTS,
  type TBooksExcelResponse,
  type TBooksListFilter,
  type TRegisteredBook,
} from '@portal/contract';
import { hyphenateIsbn } from '@portal/contract/isbn';
import { IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { z } from 'zod';
import { DataTable, useSort, type Column } from '../../../components/data-table';
import { Money, priceDecimals } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { BookKeywordFields, DateRangeInput, SearchForm, useListSearch, type FieldErrors } from '../../../components/search-form';
import { parseDateRange } from '../../../lib/date-range';
import { formatDate, formatDateTime, formatInteger } from '../../../lib/format';
import { useRoleMay } from '../../auth/api/login-info';
import { useBooksList } from '../api/books-list';
import { CoverThumb } from './cover';

const ZForm = z.object({ searchKey: z.enum(['title', 'isbn']), keyword: z.string(), dateRange: z.string() });
type Form = z.infer<typeof ZForm>;
const EMPTY: Form = { searchKey: 'title', keyword: '', dateRange: '' };
const SCREEN = 'books.list';
type Errors = FieldErrors<Form>;

export function listFilter(form: Form): { filter: Partial<TBooksListFilter>; errors: Errors } {
  const errors: Errors = {};
  const range = parseDateRange(form.dateRange);
  if (!range.ok) errors.dateRange = range.error;
  const keyword = form.keyword.trim();
  if (keyword && form.searchKey === 'isbn' && !/^[\d\s-]{1,17}[\dXx]?$/.test(keyword)) errors.keyword = 'common:messages.digitsOnly';
  return {
    filter: { ...(keyword ? { searchKey: form.searchKey, keyword } : {}), ...(range.ok ? range.value : {}) },
    errors,
  };
}

/**
 * /products/booksList: the company's registered books (in the original another portal's page;
 * here a real list), search by title or ISBN (spec §9) and registration date.
 */
export function BooksListPage() {
  const { t } = useTranslation(['books', 'common']);
  // (issue 58) the upload writes books: owner and editorial
  const mayUpload = useRoleMay('product', 'write');
  const location = useLocation();
  const report = (location.state as { booksSaved?: TBooksExcelResponse } | null)?.booksSaved;
  const { search, paging, setPaging, errors, filter, set, onSearch, onReset } = useListSearch(SCREEN, ZForm, EMPTY, listFilter);
  // newest first stays the default; title sorts either way (issue 59)
  const order = useSort(SCREEN, BOOKS_LIST_SORTS, BOOKS_LIST_SORT_DEFAULT, { paging, setPaging });
  const list = useBooksList(paging, filter, order.params);

  const columns: Column<TRegisteredBook>[] = [
    { key: 'no', header: t('fields.no'), align: 'right', width: 56 },
    { key: 'cover', header: t('fields.cover'), render: (r) => <CoverThumb src={r.cover_s_url} />, width: 44 },
    { key: 'title', header: t('fields.title'), sortKey: 'title' },
    { key: 'isbn13', header: t('fields.isbn'), render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{hyphenateIsbn(r.isbn13)}</span> },
    { key: 'author', header: t('fields.author') },
    { key: 'pub_nm', header: t('fields.publisher') },
    { key: 'pub_date', header: t('fields.pubDate'), render: (r) => formatDate(r.pub_date) },
    {
      key: 'list_price',
      header: t('fields.listPrice'),
      align: 'right',
      render: (r) => (
        <span data-testid="cell-list-price">
          <Money amount={r.list_price} icon={r.currency_icon} currency={r.currency} decimals={priceDecimals(r.currency, r.list_price)} />
        </span>
      ),
    },
    { key: 'PAGE', header: t('fields.pages'), align: 'right', render: (r) => (r.PAGE === null ? '' : formatInteger(r.PAGE)) },
    {
      key: 'created_at',
      header: t('fields.createdAt'),
      sortKey: 'created_at',
      sortFirst: 'desc',
      render: (r) => formatDateTime(r.created_at),
    },
  ];

  return (
    <>
      <PageHeader title={t('list.title')}>
        {mayUpload && (
          <Button component={Link} to="/settings/excelUpload" variant="default" leftSection={<IconFileSpreadsheet size={16} aria-hidden />}>
            {t('list.upload')}
          </Button>
        )}
      </PageHeader>
      {report && (
        <Alert color="green" icon={<IconCircleCheck size={18} aria-hidden />} mb="md" data-testid="save-report">
          {t('list.savedReport', { count: report.saved })}
          {report.duplicates.length > 0 && (
            <>
              <br />
              {t('list.duplicatesReport', { count: report.duplicates.length, isbns: report.duplicates.map(hyphenateIsbn).join(', ') })}
            </>
          )}
        </Alert>
      )}
      <SearchForm onSearch={onSearch} onReset={onReset}>
        <BookKeywordFields searchKey={search.draft.searchKey} keyword={search.draft.keyword} onChange={set} error={errors.keyword} />
        <DateRangeInput
          value={search.draft.dateRange}
          onChange={(dateRange) => set({ dateRange })}
          error={errors.dateRange}
          label={t('filters.registrationDate')}
        />
      </SearchForm>
      <DataTable
        caption={t('list.caption')}
        columns={columns}
        rows={list.data?.dataset ?? []}
        total={list.data?.total_cnt ?? 0}
        totalAtLeast={list.data?.total_at_least}
        rowKey={(r) => r.idx}
        paging={paging}
        onPagingChange={setPaging}
        sort={order.sort}
        onSortChange={order.onSortChange}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        testId="books-list"
      />
    </>
  );
}
