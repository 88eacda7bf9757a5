// R-WEB-ROUTES: the route table, and how a remote renders its part of it.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useParams,
  type RouteObject,
} from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { pageRoutes, RemoteRoutes } from '../src/remote-routes';
import { isAdminOnly, REMOTE_NAMES, REMOTE_PAGES, type PROVIDER_PAGES } from '../src/routes';

const ALL_PATHS: string[] = REMOTE_NAMES.flatMap((remote) => REMOTE_PAGES[remote]);

describe('route table', () => {
  it('has the pages of every remote', () => {
    expect(Object.keys(REMOTE_PAGES).sort()).toEqual([...REMOTE_NAMES].sort());
  });

  it('gives each path to one page only', () => {
    expect(new Set(ALL_PATHS.map((path) => path.toLowerCase())).size).toBe(ALL_PATHS.length);
  });

  it.each(ALL_PATHS)('%s is an absolute path of static, :param or a final * segments', (path) => {
    expect(path).toMatch(/^\/([a-z0-9-]+|:[a-zA-Z]+)?(\/([a-z0-9-]+|:[a-zA-Z]+))*(\/\*)?$/);
  });

  // R-WEB-PROTECTED
  it('keeps the admin screens for admins, and nothing else', () => {
    expect(isAdminOnly('/admin')).toBe(true);
    expect(isAdminOnly('/admin/*')).toBe(true);
    expect(isAdminOnly('/admin/blocks/:id/draw')).toBe(true);
    expect(isAdminOnly('/administrator')).toBe(false);
    expect(isAdminOnly('/login')).toBe(false);
    expect(isAdminOnly('/provider/:activityId')).toBe(false);
  });
});

function Probe({ name }: { name: string }) {
  const params = useParams();
  const { pathname } = useLocation();
  return `${name} ${pathname} ${JSON.stringify(params)}`;
}

const probe = (name: string) => h(Probe, { name });

const ROUTES: RouteObject[] = [
  { path: '/admin', element: probe('dashboard') },
  { path: '/admin/*', element: probe('not-found') },
  { path: '/admin/blocks/:id/draw', element: probe('draw') },
  { path: '/provider/:activityId', element: probe('participants') },
];

/** RemoteRoutes at `path`, under the shell's route `shellRoute` (or under the bare router). */
function render(path: string, shellRoute?: string) {
  const remote = h(RemoteRoutes, { routes: ROUTES });
  return renderToStaticMarkup(
    h(
      MemoryRouter,
      { initialEntries: [path] },
      shellRoute ? h(Routes, null, h(Route, { path: shellRoute, element: remote })) : remote,
    ),
  );
}

describe('RemoteRoutes', () => {
  it.each([undefined, '/admin/*', '*'])(
    'matches the whole path under the shell route %s, ranked as React Router ranks',
    (shellRoute) => {
      expect(render('/admin', shellRoute)).toBe('dashboard /admin {}');
      expect(render('/admin/blocks/7/draw', shellRoute)).toBe(
        'draw /admin/blocks/7/draw {&quot;id&quot;:&quot;7&quot;}',
      );
      expect(render('/ADMIN/Blocks/7/draw/', shellRoute)).toContain('draw ');
      expect(render('/admin/blocks/7', shellRoute)).toBe(
        'not-found /admin/blocks/7 {&quot;*&quot;:&quot;blocks/7&quot;}',
      );
    },
  );

  // The shell's route has no `*` here: a <Routes> in the remote would match nothing below it.
  it('gives the page its own params under a shell route with params of its own', () => {
    expect(render('/provider/12', '/provider/:activityId')).toBe(
      'participants /provider/12 {&quot;activityId&quot;:&quot;12&quot;}',
    );
  });

  it('renders nothing on a path none of its routes has', () => {
    expect(render('/nope')).toBe('');
    expect(render('/nope', '*')).toBe('');
  });
});

describe('pageRoutes', () => {
  it('puts each page at its path', () => {
    expect(pageRoutes<typeof PROVIDER_PAGES>({ '/provider/:activityId': 'page' })).toEqual([
      { path: '/provider/:activityId', element: 'page' },
    ]);
  });
});
