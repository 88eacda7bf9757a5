/**
 * The admin's sign-up list (GET /api/admin/registrations), read by mfe-admin under this key and
 * its extensions (filters and page, the summary). The shell and the remotes share one
 * QueryClient, so mfe-public refreshes it after a sign-up (R-SIGNUP-FORM-DONE): an admin's
 * open list in another tab of the shell shows the new sign-up. The remotes are built and
 * released apart and never import each other, so the key both use lives here.
 */
export const REGISTRATIONS_QUERY_KEY = ['/api/admin/registrations'] as const;
