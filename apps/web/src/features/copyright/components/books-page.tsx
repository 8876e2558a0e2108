import { Select, Text } from '@mantine/core';
import {
  BOOKS_EXPORT_BASE_NAME,
  COPYRIGHT_BOOK_SORT_DEFAULT,
  COPYRIGHT_BOOK_SORTS,
  PAY_TYPES,
  exportFileName,
  type TCopyrightBookRow,
  type TCopyrightBooksFilter,
} from '@portal/contract';
import { hyphenateIsbn } from '@portal/contract/isbn';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DataTable, useSort, type Column } from '../../../components/data-table';
import { ExportMenu } from '../../../components/export-menu';
import { PageHeader } from '../../../components/page-header';
import { BookKeywordFields, DateRangeInput, SearchForm, useListSearch, type FieldErrors } from '../../../components/search-form';
import { parseDateRange } from '../../../lib/date-range';
import { asLanguage } from '../../../lib/i18n';
import { formatDate, formatDateTime, formatInteger } from '../../../lib/format';
import { useCopyrightBooks } from '../api/copyright-books';
import { exportCopyrightBooks } from '../api/export-copyright-books';
import { Money, priceDecimals } from '../../../components/money';
import { Cover } from './cover';

const ZForm = z.object({
  searchKey: z.enum(['title', 'isbn']),
  keyword: z.string(),
  dateRange: z.string(),
  payType: z.enum(['', ...PAY_TYPES]),
});
type Form = z.infer<typeof ZForm>;
const EMPTY: Form = { searchKey: 'title', keyword: '', dateRange: '', payType: '' };
const SCREEN = 'copyright.books';
type Errors = FieldErrors<Form>;

export function booksFilter(form: Form): { filter: TCopyrightBooksFilter; errors: Errors } {
  const errors: Errors = {};
  const range = parseDateRange(form.dateRange);
  if (!range.ok) errors.dateRange = range.error;
  const keyword = form.keyword.trim();
  if (keyword && form.searchKey === 'isbn' && !/^\d{1,13}$/.test(keyword)) errors.keyword = 'common:messages.digitsOnly';
  const filter: TCopyrightBooksFilter = {
    ...(keyword ? { searchKey: form.searchKey, keyword } : {}),
    ...(range.ok ? range.value : {}),
    ...(form.payType ? { payType: form.payType } : {}),
  };
  return { filter, errors };
}

/** /copyright/books: the company's copyright books (spec §3), filters and Excel export. */
export function CopyrightBooksPage() {
  const { t, i18n } = useTranslation(['copyright', 'common']);
  const { search, paging, setPaging, errors, filter, set, onSearch, onReset } = useListSearch(SCREEN, ZForm, EMPTY, booksFilter);
  const order = useSort(SCREEN, COPYRIGHT_BOOK_SORTS, COPYRIGHT_BOOK_SORT_DEFAULT, { paging, setPaging });
  const list = useCopyrightBooks(paging, filter, order.sort);

  const columns: Column<TCopyrightBookRow>[] = [
    { key: 'no', header: t('fields.no'), align: 'right', width: 56, sortKey: 'no' },
    { key: 'img_url', header: t('fields.cover'), render: (r) => <Cover src={r.img_url} />, width: 48 },
    { key: 'title', header: t('fields.title'), sortKey: 'title', render: (r) => <span data-testid="cell-title">{r.title}</span> },
    {
      key: 'isbn',
      header: t('fields.isbn'),
      render: (r) => (
        <span data-testid="cell-isbn" style={{ whiteSpace: 'nowrap' }}>
          {hyphenateIsbn(r.isbn)}
        </span>
      ),
    },
    {
      key: 'publication_date',
      header: t('fields.publicationDate'),
      sortKey: 'publication_date',
      sortFirst: 'desc',
      render: (r) => formatDate(r.publication_date),
    },
    { key: 'page_count', header: t('fields.pageCount'), align: 'right', render: (r) => formatInteger(r.page_count) },
    {
      key: 'list_price',
      header: t('fields.listPrice'),
      align: 'right',
      render: (r) => <Money amount={r.list_price} icon={r.currency_icon} currency={r.currency} decimals={priceDecimals(r.currency)} />,
    },
    {
      key: 'pay_type',
      header: t('fields.payType'),
      render: (r) => (
        <Text size="sm" c={r.pay_type === 'sale' ? 'blue.8' : 'grape.8'} fw={500} style={{ whiteSpace: 'nowrap' }}>
          {t(`common:enums.payType.${r.pay_type}`)}
        </Text>
      ),
    },
    { key: 'rate', header: t('fields.rate'), align: 'right', render: (r) => `${r.rate}%` },
    {
      key: 'created_at',
      header: t('fields.createdAt'),
      render: (r) => <span title={formatDateTime(r.created_at)}>{formatDate(r.created_at)}</span>,
    },
  ];

  return (
    <>
      <PageHeader title={t('books.title')}>
        <ExportMenu
          label={t('export.label.books')}
          testId="export-books"
          fileName={(format) => exportFileName(BOOKS_EXPORT_BASE_NAME, format)}
          run={(format, onProgress) => exportCopyrightBooks(filter, asLanguage(i18n.language), format, onProgress)}
        />
      </PageHeader>
      <SearchForm onSearch={onSearch} onReset={onReset}>
        <BookKeywordFields searchKey={search.draft.searchKey} keyword={search.draft.keyword} onChange={set} error={errors.keyword} />
        <DateRangeInput
          value={search.draft.dateRange}
          onChange={(dateRange) => set({ dateRange })}
          error={errors.dateRange}
          label={t('filters.publicationDate')}
        />
        <Select
          label={t('fields.payType')}
          data={[{ value: '', label: t('filters.all') }, ...PAY_TYPES.map((p) => ({ value: p, label: t(`common:enums.payType.${p}`) }))]}
          value={search.draft.payType}
          onChange={(v) => set({ payType: (v ?? '') as Form['payType'] })}
          allowDeselect={false}
          w={150}
          data-testid="filter-pay-type"
        />
      </SearchForm>
      <DataTable
        caption={t('books.caption')}
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
        testId="copyright-books-table"
      />
    </>
  );
}
