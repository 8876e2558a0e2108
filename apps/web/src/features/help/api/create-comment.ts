import type { TBoardComment, TCommentCreate } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { commentsQueryKey } from './get-comments';

/** POST help/bbs_comment/{bbs_name} {bbs_idx, content}. */
export const createComment = (bbsName: string, body: TCommentCreate) =>
  api.post<TBoardComment>(`help/bbs_comment/${encodeURIComponent(bbsName)}`, body);

/**
 * Spec §2: a new comment appears at once, before the server answers; it is rolled back when the
 * server refuses it (the caller shows the message).
 */
export function useCreateComment(bbsName: string, bbsIdx: number, me: { idx: number; name: string }) {
  const qc = useQueryClient();
  const key = commentsQueryKey(bbsName, bbsIdx);
  return useMutation({
    mutationFn: (content: string) => createComment(bbsName, { bbs_idx: bbsIdx, content }),
    onMutate: async (content) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<TBoardComment[]>(key);
      const optimistic: TBoardComment = {
        idx: -Date.now(),
        bbs_idx: bbsIdx,
        name: me.name,
        content: content.trim(),
        created_at: new Date().toISOString(),
        registrant_idx: me.idx,
        registrant_type: 'company',
      };
      qc.setQueryData<TBoardComment[]>(key, [...(previous ?? []), optimistic]);
      return { previous };
    },
    onError: (_e, _content, context) => {
      qc.setQueryData(key, context?.previous ?? []);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}
