import { ActionIcon, Alert, Box, Button, Checkbox, Group, Select, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import type { TSort, TSortDir } from '@portal/contract';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconChevronsRight,
  IconRefresh,
} from '@tabler/icons-react';
import { useId, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../lib/api-client';
import { formatInteger } from '../../lib/format';
import { PAGE_SIZES, type Paging, normaliseLength, pageWindow, showingRange } from './paging';

export interface Column<T> {
  key: string;
  header: ReactNode;
  /** cell content; default: row[key] */
  render?: (row: T, index: number) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** false: an action column (buttons, downloads) left out of the printed page */
  print?: boolean;
  /** the list's order this column's header sorts by (issue 59); none: not sortable */
  sortKey?: string;
  /** the direction of the first click (amounts and dates: desc, largest or newest first); default asc */
  sortFirst?: TSortDir;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  total: number;
  /** `total` is a lower bound (a text search's common word, total_at_least): shown as "N+", no last page */
  totalAtLeast?: boolean;
  rowKey: (row: T) => string | number;
  paging: Paging;
  onPagingChange: (next: Paging) => void;
  /** a fetch is under way: with no rows yet, skeleton rows show instead of "Showing 0 to 0 of 0" */
  loading?: boolean;
  /** the last fetch failed (the error, or true): an error state with a retry replaces the rows */
  error?: unknown;
  /** asks again (e.g. the query's refetch); shown as the error state's retry button */
  onRetry?: () => void;
  /** what the error state says under its title; default: the error's message (errors.*) */
  errorDetail?: ReactNode;
  /** accessible name of the table */
  caption: string;
  /** checkbox selection of rows */
  selection?: { selected: (string | number)[]; onChange: (next: (string | number)[]) => void };
  rowStyle?: (row: T) => CSSProperties | undefined;
  /** above the table, beside the per-page select */
  toolbar?: ReactNode;
  /** below the table body, e.g. totals */
  footer?: ReactNode;
  testId?: string;
  /** below this width (px) the table scrolls sideways inside its region; default 600 (a layout of its own at phone width can pass less) */
  minWidth?: number;
  /** the list's order (the columns with a sortKey get a sort button in their header, the sorted one aria-sort) */
  sort?: TSort;
  onSortChange?: (next: TSort) => void;
}

/**
 * A sortable column's header (issue 59): a button in the th, which carries aria-sort while the list is in this
 * column's order. A click sorts by the column (its first direction), a click on the sorted column turns the order.
 */
function SortHeader({ column, sort, onChange }: { column: Column<unknown>; sort: TSort; onChange: (next: TSort) => void }) {
  const { t } = useTranslation();
  const active = sort.key === column.sortKey;
  const next: TSortDir = active ? (sort.dir === 'asc' ? 'desc' : 'asc') : (column.sortFirst ?? 'asc');
  const Icon = !active ? IconArrowsSort : sort.dir === 'asc' ? IconArrowUp : IconArrowDown;
  const hint = useId();
  return (
    <>
      <UnstyledButton
        onClick={() => onChange({ key: column.sortKey!, dir: next })}
        aria-describedby={hint}
        data-testid={`sort-${column.sortKey}`}
        // a header's words are printed (print CSS hides buttons, but not this one; its icon is hidden)
        data-sort-header
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, font: 'inherit', fontWeight: 'inherit', whiteSpace: 'nowrap' }}
      >
        {column.header}
        <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.45, flexShrink: 0 }} />
      </UnstyledButton>
      {/* what a click does, as the button's description: the header's name stays its words, the th's aria-sort says the present order */}
      <span id={hint} hidden>
        {t(next === 'asc' ? 'table.sortAscending' : 'table.sortDescending')}
      </span>
    </>
  );
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The list table every screen uses (spec §2/§9): per-page 5/10/25/50, 10 page links,
 * 'Showing x to y of z entries'. Paging state is the caller's (kept per screen).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { columns, rows, total, paging, onPagingChange, selection } = props;
  const length = normaliseLength(paging.length);
  const { page, pages, links } = pageWindow(paging.start, length, total);
  const range = showingRange(paging.start, length, total);
  const goTo = (p: number) => onPagingChange({ start: (Math.min(Math.max(p, 1), pages) - 1) * length, length });
  const keys = rows.map(props.rowKey);
  const allSelected = !!selection && keys.length > 0 && keys.every((k) => selection.selected.includes(k));
  const someSelected = !!selection && keys.some((k) => selection.selected.includes(k));
  const failed = !!props.error && rows.length === 0;
  const firstLoad = !failed && !!props.loading && rows.length === 0;
  const span = columns.length + (selection ? 1 : 0);
  const printAttr = (c: Column<T>) => (c.print === false ? { 'data-print': 'hide' } : {});

  return (
    <Box data-testid={props.testId}>
      <Group justify="space-between" mb="xs" wrap="wrap" data-print="hide">
        <Group gap="xs">
          <Text size="sm" component="label" htmlFor={`${props.testId ?? 'table'}-per-page`}>
            {t('table.perPage')}
          </Text>
          <Select
            id={`${props.testId ?? 'table'}-per-page`}
            data={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
            value={String(length)}
            onChange={(v) => onPagingChange({ start: 0, length: normaliseLength(Number(v)) })}
            allowDeselect={false}
            w={80}
            size="xs"
            data-testid="per-page"
          />
        </Group>
        {props.toolbar}
      </Group>
      {/* a wide table scrolls sideways: its viewport takes the focus so keyboards can scroll it too */}
      <Table.ScrollContainer
        minWidth={props.minWidth ?? 600}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': props.caption } }}
      >
        <Table striped highlightOnHover withTableBorder verticalSpacing="xs" aria-busy={props.loading || undefined}>
          <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            {props.caption}
          </caption>
          <Table.Thead>
            <Table.Tr>
              {selection && (
                <Table.Th w={40} data-print="hide">
                  <Checkbox
                    aria-label={t('table.selectAll')}
                    checked={allSelected}
                    indeterminate={someSelected && !allSelected}
                    onChange={() =>
                      selection.onChange(
                        allSelected ? selection.selected.filter((k) => !keys.includes(k)) : [...new Set([...selection.selected, ...keys])],
                      )
                    }
                  />
                </Table.Th>
              )}
              {columns.map((c) => (
                // a header stays on one line (a narrow screen scrolls the table sideways instead of
                // stacking a header's letters, issue 14)
                <Table.Th
                  key={c.key}
                  style={{ textAlign: c.align, width: c.width, whiteSpace: 'nowrap' }}
                  scope="col"
                  aria-sort={c.sortKey && props.sort?.key === c.sortKey ? ARIA_SORT[props.sort.dir] : undefined}
                  {...printAttr(c)}
                >
                  {c.sortKey && props.sort && props.onSortChange ? (
                    <SortHeader column={c as Column<unknown>} sort={props.sort} onChange={props.onSortChange} />
                  ) : (
                    c.header
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {failed && (
              <Table.Tr>
                <Table.Td colSpan={span}>
                  <Alert
                    color="red"
                    variant="light"
                    icon={<IconAlertTriangle size={18} aria-hidden />}
                    title={t('table.error')}
                    role="alert"
                    data-testid="table-error"
                  >
                    {props.errorDetail ?? <Text size="sm">{t(errorMessageKey(props.error))}</Text>}
                    {props.onRetry && (
                      <Button
                        size="xs"
                        variant="default"
                        mt="xs"
                        leftSection={<IconRefresh size={14} aria-hidden />}
                        onClick={props.onRetry}
                        data-testid="table-retry"
                      >
                        {t('table.retry')}
                      </Button>
                    )}
                  </Alert>
                </Table.Td>
              </Table.Tr>
            )}
            {firstLoad &&
              Array.from({ length: Math.min(length, 10) }, (_, i) => (
                <Table.Tr key={`skeleton-${i}`} data-testid="table-skeleton" aria-hidden>
                  {Array.from({ length: span }, (_, j) => (
                    <Table.Td key={j}>
                      <Skeleton height={12} radius="sm" width={j === 0 ? 24 : `${60 + ((i * 7 + j * 13) % 35)}%`} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {!failed && !firstLoad && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={span}>
                  <Group justify="center" p="md">
                    <Text c="dimmed">{t('table.empty')}</Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row, i) => {
              const key = keys[i]!;
              return (
                <Table.Tr key={key} style={props.rowStyle?.(row)} data-testid="table-row">
                  {selection && (
                    <Table.Td data-print="hide">
                      <Checkbox
                        aria-label={t('table.selectRow')}
                        checked={selection.selected.includes(key)}
                        onChange={(e) =>
                          selection.onChange(
                            e.currentTarget.checked ? [...selection.selected, key] : selection.selected.filter((k) => k !== key),
                          )
                        }
                      />
                    </Table.Td>
                  )}
                  {columns.map((c) => (
                    <Table.Td key={c.key} style={{ textAlign: c.align }} {...printAttr(c)}>
                      {c.render ? c.render(row, i) : String((row as Record<string, unknown>)[c.key] ?? '')}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          {props.footer}
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm" wrap="wrap">
        <Text size="sm" aria-live="polite" data-testid="showing">
          {failed
            ? ''
            : firstLoad
              ? t('table.loading')
              : t('table.showing', {
                  from: formatInteger(range.from),
                  to: formatInteger(range.to),
                  total: `${formatInteger(range.total)}${props.totalAtLeast ? '+' : ''}`,
                })}
        </Text>
        <nav aria-label={t('table.pagination')} data-print="hide">
          <Group gap={4}>
            <ActionIcon variant="default" onClick={() => goTo(1)} disabled={page === 1} aria-label={t('table.first')}>
              <IconChevronsLeft size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="default" onClick={() => goTo(page - 1)} disabled={page === 1} aria-label={t('table.previous')}>
              <IconChevronLeft size={16} aria-hidden />
            </ActionIcon>
            {links.map((p) => (
              <ActionIcon
                key={p}
                variant={p === page ? 'filled' : 'default'}
                onClick={() => goTo(p)}
                aria-label={t('table.page', { page: p })}
                aria-current={p === page ? 'page' : undefined}
                miw={32}
              >
                <Text size="sm" span>
                  {p}
                </Text>
              </ActionIcon>
            ))}
            <ActionIcon variant="default" onClick={() => goTo(page + 1)} disabled={page >= pages} aria-label={t('table.next')}>
              <IconChevronRight size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              onClick={() => goTo(pages)}
              disabled={page >= pages || props.totalAtLeast}
              aria-label={t('table.last')}
            >
              <IconChevronsRight size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </nav>
      </Group>
    </Box>
  );
}
