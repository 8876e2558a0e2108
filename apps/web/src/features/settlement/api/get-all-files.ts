import type { TFileInfo } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getAllFiles = (uploadPath: string, signal?: AbortSignal) =>
  api.get<TFileInfo[]>('common/getAllFiles', { query: { uploadPath }, signal });

export const allFilesQuery = (uploadPath: string) =>
  queryOptions({ queryKey: ['settlement', 'getAllFiles', uploadPath], queryFn: ({ signal }) => getAllFiles(uploadPath, signal) });

export const useAllFiles = (uploadPath: string | null) => useQuery({ ...allFilesQuery(uploadPath ?? ''), enabled: !!uploadPath });
