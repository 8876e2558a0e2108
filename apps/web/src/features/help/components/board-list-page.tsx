import { BOARD_SORT_DEFAULT, BOARD_SORTS, type TBoardListRow } from '@portal/contract';
import { ActionIcon, Anchor, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCornerDownRight, IconEdit, IconMessageCircle, IconPencilPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DataTable, usePaging, useSort, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { formatDate, formatInteger } from '../../../lib/format';
import { useBoardList } from '../api/get-board-list';
import { isBoardName, isWritable, PostTitle, UnknownBoard, useDeleteFlow, useOwner } from './board-common';

/** Spec §2 board list: title with an indent arrow for replies, author, views, date; owner-only icons. */
export function BoardListPage() {
  const { bbs_name } = useParams();
  if (!isBoardName(bbs_name)) return <UnknownBoard />;
  return <BoardList key={bbs_name} bbsName={bbs_name} />;
}

function BoardList({ bbsName }: { bbsName: 'notice' | 'qna' }) {
  const { t } = useTranslation(['help', 'common']);
  const navigate = useNavigate();
  const [paging, setPaging] = usePaging(`help.bbs.${bbsName}`);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // the spec's title order stays the default; the date header gives newest first in one click (issue 59)
  const order = useSort(`help.bbs.${bbsName}`, BOARD_SORTS, BOARD_SORT_DEFAULT, { paging, setPaging });
  const list = useBoardList({ bbsName, start: paging.start, length: paging.length, search: debounced, sort: order.sort });
  const { owns } = useOwner();
  const remove = useDeleteFlow(bbsName);
  const boardTitle = t(`boards.${bbsName}`);

  // a new search starts at the first page
  const lastSearch = useRef(debounced);
  useEffect(() => {
    if (lastSearch.current !== debounced) {
      lastSearch.current = debounced;
      if (paging.start !== 0) setPaging({ start: 0, length: paging.length });
    }
  }, [debounced, paging, setPaging]);

  const columns: Column<TBoardListRow>[] = [
    { key: 'no', header: t('fields.no'), width: 70, render: (_r, i) => paging.start + i + 1 },
    {
      key: 'title',
      header: t('fields.title'),
      sortKey: 'title',
      render: (r) => (
        <Group gap={4} wrap="nowrap" style={{ paddingLeft: Math.min(r.re_level, 5) * 18 }}>
          {r.re_level > 0 && (
            <IconCornerDownRight size={16} aria-label={t('list.reply')} role="img" data-testid="reply-arrow" style={{ flexShrink: 0 }} />
          )}
          <Anchor component={Link} to={`/help/bbs/${bbsName}/view/${r.idx}`} size="sm" data-testid="post-link">
            <PostTitle post={r} />
          </Anchor>
          {r.comment_cnt > 0 && (
            <Group
              gap={2}
              wrap="nowrap"
              c="dimmed"
              aria-label={t('list.commentCount', { count: r.comment_cnt })}
              role="img"
              style={{ flexShrink: 0 }}
              data-testid="comment-count"
            >
              <IconMessageCircle size={14} aria-hidden />
              <Text size="xs" span aria-hidden>
                {r.comment_cnt}
              </Text>
            </Group>
          )}
        </Group>
      ),
    },
    { key: 'name', header: t('fields.author'), width: 220 },
    { key: 'view_count', header: t('fields.views'), width: 80, align: 'right', render: (r) => formatInteger(r.view_count) },
    {
      key: 'created_at',
      header: t('fields.date'),
      width: 120,
      sortKey: 'created_at',
      sortFirst: 'desc',
      render: (r) => formatDate(r.created_at),
    },
    {
      key: 'actions',
      header: t('fields.actions'),
      width: 100,
      align: 'center',
      render: (r) =>
        owns(r) && !r.deleted ? (
          <Group gap={4} justify="center" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={t('list.edit', { title: r.title })}
              onClick={() => navigate(`/help/bbs/${bbsName}/edit/${r.idx}`)}
            >
              <IconEdit size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={t('list.delete', { title: r.title })} onClick={() => void remove(r)}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader title={boardTitle}>
        {isWritable(bbsName) && (
          <Button
            component={Link}
            to={`/help/bbs/${bbsName}/edit`}
            leftSection={<IconPencilPlus size={16} aria-hidden />}
            data-testid="write-button"
          >
            {t('list.write')}
          </Button>
        )}
      </PageHeader>
      <Paper withBorder p="md">
        <DataTable
          testId="board-table"
          caption={t('list.caption', { board: boardTitle })}
          columns={columns}
          rows={list.data?.dataset ?? []}
          total={list.data?.total_cnt ?? 0}
          totalAtLeast={list.data?.total_at_least}
          rowKey={(r) => r.idx}
          paging={paging}
          onPagingChange={setPaging}
          sort={order.sort}
          onSortChange={order.onSortChange}
          loading={list.isFetching && !list.data}
          error={list.error}
          onRetry={() => void list.refetch()}
          toolbar={
            <TextInput
              aria-label={t('list.search')}
              placeholder={t('list.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={280}
              size="xs"
              data-testid="board-search"
            />
          }
        />
      </Paper>
    </>
  );
}
