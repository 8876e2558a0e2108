export { DataTable, type Column } from './data-table';
export { type Paging } from './paging';
export { usePaging } from './use-paging';
export { useRowSelection } from './use-row-selection';
export { useSort } from './use-sort';
