import { BOARD_NAMES, WRITABLE_BOARDS, type TBoardName, type TDeleteMode } from '@portal/contract';
import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLoginInfo } from '../../auth/api/login-info';
import { confirmDelete } from '../../../components/dialogs';
import { PageHeader } from '../../../components/page-header';
import { errorMessageKey } from '../../../lib/api-client';
import { i18next } from '../../../lib/i18n';
import { notifyError, showDialog } from '../../../lib/notify';
import { useDeletePost } from '../api/delete-post';

export const isBoardName = (name: string | undefined): name is TBoardName => !!name && (BOARD_NAMES as readonly string[]).includes(name);
export const isWritable = (name: TBoardName) => WRITABLE_BOARDS.includes(name);
export const listPath = (bbsName: string) => `/help/bbs/${bbsName}`;

/** Spec §6: the registering company (registrant type company, same idx) owns a post. */
export function useOwner() {
  const me = useLoginInfo().data;
  return {
    me,
    owns: (post: { registrant_type: string; registrant_idx: number }) =>
      !!me && post.registrant_type === 'company' && post.registrant_idx === me.idx,
  };
}

/**
 * Delete with the warning confirmation, then 'It's been deleted!' (closes after 2000 ms). The
 * confirmation says what happens: the spec's text when the post goes, and that it stays as a
 * "Deleted post" when other companies wrote below it (their writing is never removed).
 */
export function useDeleteFlow(bbsName: string, after?: () => void) {
  const del = useDeletePost(bbsName);
  return async (post: { idx: number; delete_mode: TDeleteMode }) => {
    const text = post.delete_mode === 'placeholder' ? i18next.t('deletedPost.confirmPlaceholder', { ns: 'help' }) : undefined;
    if (!(await confirmDelete({ text }))) return;
    try {
      await del.mutateAsync(post.idx);
      showDialog(i18next.t('messages.deleted', { ns: 'common' }));
      after?.();
    } catch (e) {
      notifyError(i18next.t(errorMessageKey(e), { ns: 'common' }));
    }
  };
}

/** The title of a post, or the "Deleted post" label of a placeholder (dimmed, italic). */
export function PostTitle({ post }: { post: { title: string; deleted: boolean } }) {
  const { t } = useTranslation('help');
  return post.deleted ? (
    <Text span inherit fs="italic" c="dimmed" data-testid="deleted-post">
      {t('deletedPost.title')}
    </Text>
  ) : (
    <>{post.title}</>
  );
}

export function UnknownBoard() {
  const { t } = useTranslation(['help', 'common']);
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('title')} />
      <Paper withBorder p="xl" data-testid="unknown-board">
        <Text>{t('boards.unknown')}</Text>
        <Text component="button" c="blue" td="underline" bg="none" bd={0} p={0} mt="sm" onClick={() => navigate(listPath('qna'))}>
          {t('boards.qna')}
        </Text>
      </Paper>
    </>
  );
}
