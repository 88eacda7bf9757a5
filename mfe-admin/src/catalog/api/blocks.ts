import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, errorFromResponse } from '@nsa/web-kit';
import { saveBlob } from '@nsa/web-kit/download';
import { blockQrFileName } from '../../shared/lib/files';
import { isPng } from '../lib/download';
import type { Allocation, Block } from '@nsa/contracts';
import {
  BLOCKS_QUERY_KEY,
  invalidateWithActivities,
  listFrom,
} from '../../shared/api/catalog-keys';

/** A block as GET, POST and PUT /api/blocks answer it, window included (R-DRAW-WINDOW). */
export type BlockView = Block;

/** What POST and PUT /api/blocks take (blockSchema's output). */
export interface BlockInput {
  name: string;
  weekStart: number;
  weekEnd: number;
  year?: number;
  signupOpensAt: string | null;
  signupClosesAt: string | null;
  allocation: Allocation;
}

/** GET /api/blocks. */
export function useBlocks() {
  return useQuery({
    queryKey: BLOCKS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      listFrom<BlockView>(await apiFetch<unknown>('/api/blocks', { signal }), 'blocks'),
  });
}

/** POST /api/blocks or PUT /api/blocks/{id}. */
export function useSaveBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: BlockInput }) =>
      id === undefined
        ? apiFetch<BlockView>('/api/blocks', { method: 'POST', body: input })
        : apiFetch<BlockView>(`/api/blocks/${id}`, { method: 'PUT', body: input }),
    onSuccess: () => invalidateWithActivities(queryClient, BLOCKS_QUERY_KEY),
  });
}

/** DELETE /api/blocks/{id}; 409 while activities are linked to it. */
export function useDeleteBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<unknown>(`/api/blocks/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidateWithActivities(queryClient, BLOCKS_QUERY_KEY),
  });
}

/**
 * GET /api/qr/block/{id}[?schoolId=N] as a PNG, saved as block-{id}-qr.png.
 * With a school the code opens that school's page with the block chosen;
 * without, the landing page. apiFetch reads bodies as text, so this call
 * uses fetch itself, with the same cookies and language.
 */
async function downloadBlockQr(blockId: number, schoolId: number | null): Promise<void> {
  const query = schoolId === null ? '' : `?schoolId=${schoolId}`;
  const headers = new Headers({ Accept: 'image/png' });
  const lang = document.documentElement.lang;
  if (lang) headers.set('Accept-Language', lang);
  const response = await fetch(`/api/qr/block/${blockId}${query}`, {
    credentials: 'include',
    headers,
  });
  if (!response.ok) {
    throw errorFromResponse(response.status, response.statusText, await response.text());
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (!isPng(bytes)) throw new Error('not a PNG');
  saveBlob(new Blob([bytes], { type: 'image/png' }), blockQrFileName(blockId));
}

export function useDownloadBlockQr() {
  return useMutation({
    mutationFn: ({ blockId, schoolId }: { blockId: number; schoolId: number | null }) =>
      downloadBlockQr(blockId, schoolId),
  });
}
