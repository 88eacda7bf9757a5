import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@nsa/web-kit';
import type { School, SchoolQr } from '@nsa/contracts';
import {
  invalidateWithActivities,
  listFrom,
  SCHOOLS_QUERY_KEY,
} from '../../shared/api/catalog-keys';

/** GET /api/schools (admins only: it holds every school's access token). */
export function useSchools() {
  return useQuery({
    queryKey: SCHOOLS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      listFrom<School>(await apiFetch<unknown>('/api/schools', { signal }), 'schools'),
  });
}

/** GET /api/admin/schools/{id}/qrcode, while the QR dialog of that school is open. */
export function useSchoolQr(id: number | null) {
  return useQuery({
    queryKey: [...SCHOOLS_QUERY_KEY, id, 'qrcode'],
    queryFn: ({ signal }) => apiFetch<SchoolQr>(`/api/admin/schools/${id}/qrcode`, { signal }),
    enabled: id !== null,
  });
}

export interface SaveNamed {
  /** Absent for a new one. */
  id?: number;
  input: { name: string };
}

/** POST /api/schools or PUT /api/schools/{id}. */
export function useSaveSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: SaveNamed) =>
      id === undefined
        ? apiFetch<School>('/api/schools', { method: 'POST', body: input })
        : apiFetch<School>(`/api/schools/${id}`, { method: 'PUT', body: input }),
    onSuccess: () => invalidateWithActivities(queryClient, SCHOOLS_QUERY_KEY),
  });
}

/** DELETE /api/schools/{id}; 409 while activities are linked to it. */
export function useDeleteSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<unknown>(`/api/schools/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidateWithActivities(queryClient, SCHOOLS_QUERY_KEY),
  });
}

/** POST /api/admin/schools/{id}/rotate-token: a new secret link; the old one is refused at once. */
export function useRotateSchoolToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<School>(`/api/admin/schools/${id}/rotate-token`, { method: 'POST' }),
    onSuccess: () => invalidateWithActivities(queryClient, SCHOOLS_QUERY_KEY),
  });
}
