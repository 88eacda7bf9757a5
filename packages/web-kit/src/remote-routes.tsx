import type { ReactNode } from 'react';
import { matchRoutes, renderMatches, useLocation, type RouteObject } from 'react-router-dom';

/**
 * A remote's pages as React Router routes: the element of each page, by its path in the
 * remote's list in routes.ts, given as the type argument (`pageRoutes<typeof ADMIN_PAGES>`). A
 * path the list lacks, or one of the list's paths left out, is a type error (and fails the
 * remote's route test).
 */
export function pageRoutes<Paths extends readonly string[]>(
  pages: Record<Paths[number], ReactNode>,
): RouteObject[] {
  return Object.entries<ReactNode>(pages).map(([path, element]) => ({ path, element }));
}

/**
 * Renders a remote's routes (pageRoutes) for the current location.
 *
 * The shell mounts a remote under a route of its own (`/admin/*`, `/provider/:activityId`, …),
 * and a `<Routes>` in there would match only what is left of the path after that route, which
 * the table's absolute paths never match. So the routes are matched against the whole path
 * (`matchRoutes`) and the match is rendered as a route tree of its own (`renderMatches`, which
 * starts from no parent route): React Router's ranking picks the page, `useParams` in it gives
 * that page's params, and the remote draws the same under the shell's route, under the bare
 * router of its standalone mode, and in its first view rendered at build time. A path that
 * matches none of them renders nothing.
 */
export function RemoteRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  return renderMatches(matchRoutes(routes, location));
}
