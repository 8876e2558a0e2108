export { DataTable, type Column, type DataTableProps } from './data-table';
export { DEFAULT_PAGE_SIZE, PAGE_SIZES, normaliseLength, pageWindow, showingRange, type Paging } from './paging';
export { usePaging } from './use-paging';
