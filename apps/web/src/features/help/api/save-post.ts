import type { TBoardPostCreate, TBoardPostUpdate } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST help/bbs/{bbs_name} (a post, or a reply with parentIdx). */
export const createPost = (bbsName: string, body: TBoardPostCreate) =>
  api.post<{ idx: number }>(`help/bbs/${encodeURIComponent(bbsName)}`, body);

/** PATCH help/bbs/{bbs_name}/{idx}. */
export const updatePost = (bbsName: string, idx: number, body: TBoardPostUpdate) =>
  api.patch<{ idx: number }>(`help/bbs/${encodeURIComponent(bbsName)}/${idx}`, body);

/** Spec §4: a post is created, or updated when an idx is given. */
export function useSavePost(bbsName: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { idx?: number; body: TBoardPostCreate }) =>
      v.idx ? updatePost(bbsName, v.idx, { title: v.body.title, content: v.body.content }) : createPost(bbsName, v.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['help', 'bbs', bbsName] }),
  });
}
