import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE help/bbs/{bbs_name}/{idx}: the post and its replies and comments. */
export const deletePost = (bbsName: string, idx: number) =>
  api.delete<{ status: 'success' }>(`help/bbs/${encodeURIComponent(bbsName)}/${idx}`);

export function useDeletePost(bbsName: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (idx: number) => deletePost(bbsName, idx),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['help', 'bbs', bbsName] }),
  });
}
