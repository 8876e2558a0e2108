import { Anchor, Table, Tabs, Text } from '@mantine/core';
import type { TDashboardPost } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { useDashboardBoard } from '../api/board';
import classes from './dashboard.module.css';
import { Section, useSectionData } from './section';

const BOARDS = ['qna', 'notice'] as const;
type BoardName = (typeof BOARDS)[number];

function PostTable({ board, posts }: { board: BoardName; posts: TDashboardPost[] }) {
  const { t, i18n } = useTranslation('dashboard');
  if (posts.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="lg" ta="center">
        {t('board.empty')}
      </Text>
    );
  }
  return (
    <Table highlightOnHover verticalSpacing={6} layout="fixed" data-testid={`board-${board}`}>
      <caption className={classes.srOnly}>{t(`board.caption.${board}`)}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={52}>{t('board.index')}</Table.Th>
          <Table.Th>{t('board.title')}</Table.Th>
          <Table.Th w={124} ta="right">
            {t('board.createdAt')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {posts.map((p) => (
          <Table.Tr key={p.idx}>
            <Table.Td c="dimmed">{p.idx}</Table.Td>
            <Table.Td>
              <Anchor
                component={Link}
                to={`/help/bbs/${board}/view/${p.idx}`}
                size="sm"
                className={classes.postTitle}
                title={p.deleted ? t('board.deletedPost') : p.title}
                style={p.re_level > 0 ? { paddingInlineStart: 12 * Math.min(p.re_level, 3) } : undefined}
              >
                {p.re_level > 0 ? '↳ ' : ''}
                {p.deleted ? (
                  <Text span inherit fs="italic" c="dimmed" data-testid="deleted-post">
                    {t('board.deletedPost')}
                  </Text>
                ) : (
                  p.title
                )}
              </Anchor>
            </Table.Td>
            <Table.Td ta="right" c="dimmed" fz="sm" style={{ whiteSpace: 'nowrap' }}>
              <time dateTime={p.created_at}>{formatDate(p.created_at, i18n.language)}</time>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Tabs for Q&A and notices: the newest posts with index, title and created_at; a row opens the post. */
export function BoardTabs() {
  const { t } = useTranslation('dashboard');
  const q = useDashboardBoard();
  const { state, data } = useSectionData(q, () => false);
  return (
    <Section id="dashboard-board" title={t('board.heading')} state={state} onRetry={() => void q.refetch()} minBodyHeight={240}>
      {data && (
        <Tabs defaultValue="qna" keepMounted={false}>
          <Tabs.List>
            {BOARDS.map((b) => (
              <Tabs.Tab key={b} value={b}>
                {t(`board.tabs.${b}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {BOARDS.map((b) => (
            <Tabs.Panel key={b} value={b} pt="xs">
              <PostTable board={b} posts={data[b]} />
              <Anchor component={Link} to={`/help/bbs/${b}`} size="xs" mt={4} display="inline-block">
                {t(`board.more.${b}`)}
              </Anchor>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Section>
  );
}
