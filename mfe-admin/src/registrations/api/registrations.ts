import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, REGISTRATIONS_QUERY_KEY } from '@nsa/web-kit';
import type {
  AdminRegistration,
  BulkAction,
  BulkResponse,
  Paged,
  Pagination,
  RegistrationRecord,
} from '@nsa/contracts';
import { registrationsQuery, type RegistrationFilters } from '../lib/registration-filters';
import { invalidateWithActivities } from '../../shared/api/catalog-keys';

type RegistrationsPage = Paged<AdminRegistration>;

/** R-REVIEW-LIST. */
const PAGE_SIZE = 50;
/** The server's largest page; the export reads with it. */
export const EXPORT_PAGE_SIZE = 200;
/**
 * The export stops after this many sign-ups (50 calls), newest first, and
 * says so: a file that size is already more than one sheet can review.
 */
export const MAX_EXPORT_ROWS = 10_000;

/** The list answer, tolerating a missing or partial pagination block. */
export function registrationsPageFrom(
  body: unknown,
  page: number,
  limit: number,
): RegistrationsPage {
  const raw = (body ?? {}) as { data?: unknown; pagination?: Partial<Pagination> };
  const data = Array.isArray(raw.data) ? (raw.data as AdminRegistration[]) : [];
  const p = raw.pagination ?? {};
  const total = typeof p.total === 'number' ? p.total : data.length;
  const totalPages =
    typeof p.totalPages === 'number' ? p.totalPages : Math.max(1, Math.ceil(total / limit));
  const current = typeof p.page === 'number' ? p.page : page;
  return {
    data,
    pagination: {
      page: current,
      limit: p.limit ?? limit,
      total,
      totalPages,
      hasNext: p.hasNext ?? current < totalPages,
      hasPrev: p.hasPrev ?? current > 1,
    },
  };
}

function fetchPage(
  filters: RegistrationFilters,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<RegistrationsPage> {
  return apiFetch<unknown>(`/api/admin/registrations?${registrationsQuery(filters, page, limit)}`, {
    signal,
  }).then((body) => registrationsPageFrom(body, page, limit));
}

/** GET /api/admin/registrations: one page of the filtered sign-ups, newest first. */
export function useRegistrations(filters: RegistrationFilters, page: number) {
  return useQuery({
    queryKey: [...REGISTRATIONS_QUERY_KEY, filters, page],
    queryFn: ({ signal }) => fetchPage(filters, page, PAGE_SIZE, signal),
    // Paging and filtering keep the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export interface ExportResult {
  rows: AdminRegistration[];
  /** How many sign-ups match the filters. */
  total: number;
  /** True when the export stopped at MAX_EXPORT_ROWS. */
  capped: boolean;
}

/**
 * Every sign-up matching the filters, page by page with the largest page
 * size. A sign-up that moves to a later page while reading (someone signs
 * up meanwhile) is kept once.
 */
export async function fetchAllRegistrations(
  filters: RegistrationFilters,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<ExportResult> {
  const byId = new Map<number, AdminRegistration>();
  let total = 0;
  for (let page = 1; ; page += 1) {
    const result = await fetchPage(filters, page, EXPORT_PAGE_SIZE, signal);
    total = result.pagination.total;
    for (const row of result.data) if (!byId.has(row.id)) byId.set(row.id, row);
    onProgress(Math.min(byId.size, MAX_EXPORT_ROWS), Math.min(total, MAX_EXPORT_ROWS));
    if (byId.size >= MAX_EXPORT_ROWS) break;
    if (!result.pagination.hasNext || result.data.length === 0) break;
    if (page >= result.pagination.totalPages) break;
  }
  const rows = [...byId.values()].slice(0, MAX_EXPORT_ROWS);
  return { rows, total, capped: total > rows.length && rows.length >= MAX_EXPORT_ROWS };
}

// Every review action changes the list and the activity's approved count, so
// both are refreshed, whether it worked or not (a 409 means the list is stale).
function useReviewMutation<V>(mutationFn: (variables: V) => Promise<RegistrationRecord>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => invalidateWithActivities(queryClient, REGISTRATIONS_QUERY_KEY),
  });
}

const actionPath = (id: number, action: 'approve' | 'reject' | 'revert') =>
  `/api/admin/registrations/${id}/${action}`;

/**
 * POST …/{id}/approve. When the activity was already full the server rejects
 * the sign-up instead and answers 200 with status 'rejected' (R-REVIEW-CAPACITY).
 */
export function useApproveRegistration() {
  return useReviewMutation(({ id, sendEmail }: { id: number; sendEmail: boolean }) =>
    apiFetch<RegistrationRecord>(actionPath(id, 'approve'), {
      method: 'POST',
      body: { sendEmail },
    }),
  );
}

/** POST …/{id}/reject with an optional reason; 409 when it is not new any more. */
export function useRejectRegistration() {
  return useReviewMutation(
    ({ id, reason, sendEmail }: { id: number; reason: string; sendEmail: boolean }) =>
      apiFetch<RegistrationRecord>(actionPath(id, 'reject'), {
        method: 'POST',
        body: { reason: reason.trim() === '' ? null : reason.trim(), sendEmail },
      }),
  );
}

/** POST …/{id}/revert: approved or rejected back to new. */
export function useRevertRegistration() {
  return useReviewMutation((id: number) =>
    apiFetch<RegistrationRecord>(actionPath(id, 'revert'), { method: 'POST' }),
  );
}

/**
 * R-REVIEW-BULK: POST /api/admin/registrations/bulk, each id applied as its single call in the
 * order given; one result per id.
 */
export function useBulkReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      action,
      ids,
      sendEmail,
      reason,
    }: {
      action: BulkAction;
      ids: number[];
      sendEmail: boolean;
      reason?: string;
    }) =>
      apiFetch<BulkResponse>('/api/admin/registrations/bulk', {
        method: 'POST',
        body: {
          action,
          ids,
          sendEmail,
          ...(action === 'reject' && reason?.trim() ? { reason: reason.trim() } : {}),
        },
      }),
    onSettled: () => invalidateWithActivities(queryClient, REGISTRATIONS_QUERY_KEY),
  });
}
