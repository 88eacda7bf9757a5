import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError, REGISTRATIONS_QUERY_KEY } from '@nsa/web-kit';
import type { ActivityView, DrawView } from '@nsa/contracts';
import { drawFrom } from '../lib/draw';
import { ACTIVITIES_QUERY_KEY, BLOCKS_QUERY_KEY, listFrom } from '../../shared/api/catalog-keys';

const drawKey = (blockId: number) => ['admin', 'blocks', blockId, 'draw'] as const;
const drawPath = (blockId: number) => `/api/admin/blocks/${blockId}/draw`;

function viewOrThrow(body: unknown): DrawView {
  const view = drawFrom(body);
  if (!view) throw new Error('not a draw');
  return view;
}

/** R-DRAW-PREVIEW: GET …/draw, the block's draw (preview or published); null while there is none (404). */
export function useDraw(blockId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: drawKey(blockId),
    queryFn: async ({ signal }) => {
      try {
        return viewOrThrow(await apiFetch<unknown>(drawPath(blockId), { signal }));
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 0,
  });
}

/**
 * R-DRAW-PREVIEW: POST …/draw, a new preview on the entries as they are now (409 before the
 * window closes or once published). Nothing else changes.
 */
export function usePreviewDraw(blockId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      viewOrThrow(await apiFetch<unknown>(drawPath(blockId), { method: 'POST' })),
    onSuccess: (view) => queryClient.setQueryData(drawKey(blockId), view),
  });
}

/**
 * R-DRAW-PUBLISH: POST …/draw/publish: the preview becomes the outcome (409 when published
 * already or when the entries changed since the preview). Sign-ups, places and the block's seed
 * change, so those lists are read again.
 */
export function usePublishDraw(blockId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sendEmail }: { sendEmail: boolean }) =>
      viewOrThrow(
        await apiFetch<unknown>(`${drawPath(blockId)}/publish`, {
          method: 'POST',
          body: { sendEmail },
        }),
      ),
    onSuccess: (view) => {
      queryClient.setQueryData(drawKey(blockId), view);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: BLOCKS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ACTIVITIES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: REGISTRATIONS_QUERY_KEY }),
      ]);
    },
    // A 409 may mean someone else published meanwhile: show the draw as it is.
    onError: () => queryClient.invalidateQueries({ queryKey: drawKey(blockId) }),
  });
}

/** GET /api/admin/activities?blockId=…: the block's activities, for their titles. */
export function useBlockActivities(blockId: number) {
  return useQuery({
    queryKey: [...ACTIVITIES_QUERY_KEY, 'block', blockId],
    queryFn: async ({ signal }) =>
      listFrom<ActivityView>(
        await apiFetch<unknown>(`/api/admin/activities?blockId=${blockId}`, { signal }),
        'activities',
      ),
  });
}
