import type { TBoardDeleteResponse } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * DELETE help/bbs/{bbs_name}/{idx}: the post with its replies and comments, or, when others wrote
 * below it, the post becomes a placeholder and their writing stays (`result`).
 */
export const deletePost = (bbsName: string, idx: number) =>
  api.delete<TBoardDeleteResponse>(`help/bbs/${encodeURIComponent(bbsName)}/${idx}`);

export function useDeletePost(bbsName: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (idx: number) => deletePost(bbsName, idx),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['help', 'bbs', bbsName] }),
  });
}
