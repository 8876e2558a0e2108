import { BOARD_NAMES, WRITABLE_BOARDS, type TBoardName } from '@portal/contract';
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

export const isBoardName = (name: string | undefined): name is TBoardName =>
  !!name && (BOARD_NAMES as readonly string[]).includes(name);
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

/** Delete with the warning confirmation, then 'It's been deleted!' (closes after 2000 ms). */
export function useDeleteFlow(bbsName: string, after?: () => void) {
  const del = useDeletePost(bbsName);
  return async (idx: number) => {
    if (!(await confirmDelete())) return;
    try {
      await del.mutateAsync(idx);
      showDialog(i18next.t('messages.deleted', { ns: 'common' }));
      after?.();
    } catch (e) {
      notifyError(i18next.t(errorMessageKey(e), { ns: 'common' }));
    }
  };
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
