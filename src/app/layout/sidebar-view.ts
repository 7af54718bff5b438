/** Which view's sections the dashboard's sidebar lists, if any. */
import { type RoleView, viewOfPath, type viewsOf } from '../session/role-views';

/**
 * The view of the page shown if the user holds it, else their first view; none for an
 * account that holds no view yet (awaiting approval): it is shown no one else's menu.
 */
export function sidebarView(views: ReturnType<typeof viewsOf>, pathname: string): RoleView | null {
  const pathView = viewOfPath(pathname);
  if (views.some((held) => held.id === pathView)) return pathView;
  return views[0]?.id ?? null;
}
