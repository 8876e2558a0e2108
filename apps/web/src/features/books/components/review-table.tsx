import { Badge, Button, Group, TextInput, Textarea } from '@mantine/core';
import { hyphenateIsbn } from '@portal/contract/isbn';
import { IconDeviceFloppy, IconListCheck, IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, usePaging, type Column } from '../../../components/data-table';
import { CoverThumb } from './cover';
import type { EditRow, RowErrors, RowStatus } from './edit-rows';

interface Props {
  rows: EditRow[];
  errors: Record<string, RowErrors>;
  selected: string[];
  onSelect: (next: string[]) => void;
  onEdit: (isbn13: string, patch: Partial<EditRow>) => void;
  onDelete: () => void;
  onSave: () => void;
  saving: boolean;
}

type Field = 'title' | 'author' | 'pub_nm' | 'pub_date' | 'list_price' | 'PAGE';
const LABEL: Record<Field, string> = {
  title: 'fields.title',
  author: 'fields.author',
  pub_nm: 'fields.publisher',
  pub_date: 'fields.pubDate',
  list_price: 'fields.listPrice',
  PAGE: 'fields.pages',
};

/** One editable cell: labelled with the field and the row's ISBN so every input has a name. */
const Cell = memo(function Cell(props: {
  row: EditRow;
  field: Field;
  label: string;
  error?: string;
  onEdit: Props['onEdit'];
  width?: number;
  requiredPlaceholder?: string;
  inputMode?: 'numeric' | 'decimal';
  placeholder?: string;
  /** a name (title, author, publisher): shown whole, wrapped at word boundaries, instead of cut off */
  wrap?: boolean;
}) {
  const { row, field } = props;
  // a row to fill in by hand needs its title; a registered book is not saved again, so not edited
  const required = field === 'title' && row.status === 'manual';
  const common = {
    size: 'xs',
    'aria-label': `${props.label} ${row.isbn13}`,
    value: row[field],
    error: props.error,
    w: props.width,
    placeholder: required ? props.requiredPlaceholder : props.placeholder,
    'aria-required': required || undefined,
    disabled: row.status === 'registered',
    'data-testid': `edit-${field}`,
  } as const;
  if (props.wrap) {
    return (
      <Textarea
        {...common}
        autosize
        minRows={1}
        // one line of data: Enter does not start a new line, and pasted line breaks become spaces
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        onChange={(e) => props.onEdit(row.isbn13, { [field]: e.currentTarget.value.replace(/\s*[\r\n]+\s*/g, ' ') })}
      />
    );
  }
  return (
    <TextInput {...common} inputMode={props.inputMode} onChange={(e) => props.onEdit(row.isbn13, { [field]: e.currentTarget.value })} />
  );
});

const STATUS: Record<RowStatus, { color: string; label: string }> = {
  found: { color: 'green', label: 'status.found' },
  manual: { color: 'orange', label: 'status.manual' },
  registered: { color: 'gray', label: 'status.registered' },
};

/**
 * The looked-up books, editable, with delete-selected and save (spec §2 Excel upload): found rows,
 * rows not found to fill in by hand (listed first), and books already registered (flagged, read-only,
 * not sent again).
 */
export function ReviewTable({ rows, errors, selected, onSelect, onEdit, onDelete, onSave, saving }: Props) {
  const { t } = useTranslation(['books', 'common']);
  const [paging, setPaging] = usePaging('books.review', { start: 0, length: 10 });
  const start = paging.start >= rows.length ? Math.max(0, Math.floor((rows.length - 1) / paging.length) * paging.length) : paging.start;
  const page = rows.slice(start, start + paging.length);
  const err = (r: EditRow, f: Field) => {
    const key = errors[r.isbn13]?.[f];
    return key ? t(key) : undefined;
  };
  const cell = (f: Field, width?: number, extra: { inputMode?: 'numeric' | 'decimal'; placeholder?: string; wrap?: boolean } = {}) => ({
    key: f,
    header: t(LABEL[f]),
    render: (r: EditRow) => (
      <Cell
        row={r}
        field={f}
        label={t(LABEL[f])}
        error={err(r, f)}
        onEdit={onEdit}
        width={width}
        requiredPlaceholder={t('review.enterTitle')}
        {...extra}
      />
    ),
  });
  const unfilled = rows.filter((r) => r.status === 'manual' && r.title.trim() === '').map((r) => r.isbn13);
  const savable = rows.filter((r) => r.status !== 'registered').length;
  const columns: Column<EditRow>[] = [
    { key: 'cover', header: t('fields.cover'), render: (r) => <CoverThumb src={r.cover_s_url} />, width: 44 },
    {
      key: 'isbn13',
      header: t('fields.isbn'),
      render: (r) => <span style={{ whiteSpace: 'nowrap', fontSize: 'var(--mantine-font-size-xs)' }}>{hyphenateIsbn(r.isbn13)}</span>,
    },
    {
      key: 'status',
      header: t('fields.status'),
      render: (r) => (
        <Badge
          variant="light"
          color={STATUS[r.status].color}
          tt="none"
          c="var(--mantine-color-text)"
          // the whole word, never an ellipsis: the column takes the badge's width
          style={{ minWidth: 'max-content' }}
          data-testid={`status-${r.status}`}
        >
          {t(STATUS[r.status].label)}
        </Badge>
      ),
    },
    cell('title', 170, { wrap: true }),
    cell('author', 110, { wrap: true }),
    cell('pub_nm', 120, { wrap: true }),
    cell('pub_date', 96, { placeholder: 'YYYY-MM-DD', inputMode: 'numeric' }),
    cell('list_price', 72, { inputMode: 'decimal' }),
    cell('PAGE', 52, { inputMode: 'numeric' }),
  ];
  return (
    <DataTable
      caption={t('review.foundCaption')}
      columns={columns}
      rows={page}
      total={rows.length}
      rowKey={(r) => r.isbn13}
      paging={{ start, length: paging.length }}
      onPagingChange={setPaging}
      selection={{ selected, onChange: (next) => onSelect(next.map(String)) }}
      rowStyle={(r) =>
        errors[r.isbn13]
          ? { background: 'var(--mantine-color-red-0)' }
          : r.status === 'manual'
            ? { background: 'var(--mantine-color-orange-0)' }
            : undefined
      }
      testId="review-table"
      toolbar={
        <Group gap="xs">
          {unfilled.length > 0 && (
            <Button
              variant="default"
              leftSection={<IconListCheck size={16} aria-hidden />}
              onClick={() => onSelect(unfilled)}
              data-testid="select-unfilled"
            >
              {t('review.selectUnfilled', { count: unfilled.length })}
            </Button>
          )}
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDelete}
            data-testid="delete-rows"
          >
            {t('review.deleteSelected')}
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={onSave}
            loading={saving}
            disabled={savable === 0}
            data-testid="save-books"
          >
            {t('review.save')}
          </Button>
        </Group>
      }
    />
  );
}
