import type { ComponentType } from 'react';
import { paths } from '@/config/paths';
import { HomePage } from './pages/home-page';
// The route list only (no components), so the catalogue screen stays in its lazy chunk.
import { catalogPages } from '@/features/catalog/model/catalog-pages';
import { lazyComponent, prefetch } from '@/lib/lazy';
import { full, ownOrAll, readOrFull } from '@/lib/rights';
import { GUESTS, PUBLIC, signedIn, type RouteAccess } from './access';
import { courtReports } from '@domain/report/registry';
import { reportPath } from '@/config/paths';
import { technicalDocuments } from '@domain/report/technical/documents';
import { technicalDocPath } from '@/config/paths';

/** One page for every simple reference: it reads the catalogue from the address. */
const CatalogPage = lazyComponent(() => import('./pages/catalog-page').then((m) => m.CatalogPage));
/** One page for every report: it reads the report from the address. */
const ReportPage = lazyComponent(() => import('./pages/report-page').then((m) => m.ReportPage));
const TechnicalDocPage = lazyComponent(() => import('./pages/technical-doc-page').then((m) => m.TechnicalDocPage));

export interface AppRoute {
  readonly path: string;
  readonly access: RouteAccess;
  readonly Page: ComponentType;
}

/**
 * THE ROUTE TABLE: every screen that exists, with who may open it (administration.md 2.1, 2.2, 6).
 * Anything not listed redirects Home, and menu items whose screen is not listed stay hidden.
 * The request lists (app/pages) open the request dialog from ?open={id}&tab=…, ?new=1 and ?group=1.
 */
export const appRoutes: readonly AppRoute[] = [
  { path: paths.home, access: PUBLIC, Page: HomePage },
  { path: paths.login, access: GUESTS, Page: lazyComponent(() => import('@/features/auth/components/login-page').then((m) => m.LoginPage)) },
  { path: paths.about, access: signedIn(), Page: lazyComponent(() => import('@/features/app-info/components/about-page').then((m) => m.AboutPage)) },
  { path: paths.requests, access: signedIn(ownOrAll('RIGHT_REQUEST_READ')), Page: lazyComponent(() => import('./pages/requests-page').then((m) => m.RequestsPage)) },
  {
    path: paths.requestsHotLine,
    access: signedIn(full('RIGHT_REQUEST_HOTLINE_EDIT')),
    Page: lazyComponent(() => import('./pages/requests-hot-line-page').then((m) => m.RequestsHotLinePage)),
  },
  { path: paths.toolsSets, access: signedIn(ownOrAll('RIGHT_TOOLS_READ')), Page: lazyComponent(() => import('./pages/tools-sets-page').then((m) => m.ToolsSetsPage)) },
  { path: paths.tools, access: signedIn(ownOrAll('RIGHT_TOOLS_READ')), Page: lazyComponent(() => import('./pages/tools-page').then((m) => m.ToolsPage)) },
  // A label's QR code: signs in on the spot when needed, then opens the card in the list.
  { path: paths.toolAddress, access: PUBLIC, Page: lazyComponent(() => import('./pages/tool-address-page').then((m) => m.ToolAddressPage)) },
  { path: paths.inventory, access: signedIn(ownOrAll('RIGHT_TOOLS_READ')), Page: lazyComponent(() => import('./pages/inventory-page').then((m) => m.InventoryPage)) },
  { path: paths.toolsAge, access: signedIn(ownOrAll('RIGHT_TOOLS_READ')), Page: lazyComponent(() => import('./pages/tools-age-page').then((m) => m.ToolsAgePage)) },
  { path: paths.users, access: signedIn(full('RIGHT_USERS_LIST')), Page: lazyComponent(() => import('./pages/users-page').then((m) => m.UsersPage)) },
  {
    path: paths.usersHotline,
    access: signedIn(readOrFull('RIGHT_USERS_HL')),
    Page: lazyComponent(() => import('./pages/users-page').then((m) => m.UsersHotlinePage)),
  },
  // Requests to the administrator (decisions 57–66): every signed-in user writes and reads their own.
  { path: paths.requestInner, access: signedIn(), Page: lazyComponent(() => import('./pages/request-inner-page').then((m) => m.RequestInnerPage)) },
  { path: paths.notifications, access: signedIn(), Page: lazyComponent(() => import('./pages/notifications-page').then((m) => m.NotificationsPage)) },
  { path: paths.audit, access: signedIn(full('RIGHT_AUDIT')), Page: lazyComponent(() => import('./pages/audit-page').then((m) => m.AuditPage)) },
  { path: paths.outbox, access: signedIn(full('RIGHT_SETTINGS')), Page: lazyComponent(() => import('./pages/outbox-page').then((m) => m.OutboxPage)) },
  { path: paths.roles, access: signedIn(full('RIGHT_SETTINGS')), Page: lazyComponent(() => import('./pages/roles-page').then((m) => m.RolesPage)) },
  {
    path: paths.organizations,
    access: signedIn(readOrFull('RIGHT_ORGANIZATIONS')),
    Page: lazyComponent(() => import('./pages/organizations-page').then((m) => m.OrganizationsPage)),
  },
  { path: paths.hosts, access: signedIn(readOrFull('RIGHT_ORGANIZATIONS')), Page: lazyComponent(() => import('./pages/organizations-page').then((m) => m.HostsPage)) },
  // Units import (decisions 57–66): the menu's rule, RIGHT_REFERENCES FULL (saving organisations also needs RIGHT_ORGANIZATIONS FULL).
  { path: paths.unitsImport, access: signedIn(full('RIGHT_REFERENCES')), Page: lazyComponent(() => import('./pages/units-import-page').then((m) => m.UnitsImportPage)) },
  // Equipment references of decisions 48–56 (equipment.md 2): the spares stock with RIGHT_ZIP READ or FULL.
  { path: paths.spares, access: signedIn(readOrFull('RIGHT_ZIP')), Page: lazyComponent(() => import('./pages/spares-page').then((m) => m.SparesPage)) },
  {
    path: paths.toolsModels,
    access: signedIn(readOrFull('RIGHT_TOOLS_MODELS')),
    Page: lazyComponent(() => import('./pages/tool-models-page').then((m) => m.ToolModelsPage)),
  },
  // The registry checks (Administration menu); each check's calls need their own right on the server.
  { path: paths.toolsCheck, access: signedIn(), Page: lazyComponent(() => import('./pages/tools-check-page').then((m) => m.ToolsCheckPage)) },
  // Documents for signature (decisions 72–86): with FULL of any signing right (administration.md 6).
  {
    path: paths.documentsList,
    access: signedIn(full('RIGHT_SIGNING_DOCS_IAC'), full('RIGHT_SIGNING_DOCS_UNIT'), full('RIGHT_SIGNING_DOCS_FINAL')),
    Page: lazyComponent(() => import('./pages/documents-list-page').then((m) => m.DocumentsListPage)),
  },
  { path: paths.trustedCas, access: signedIn(full('RIGHT_SIGNING_CERTIFICATES')), Page: lazyComponent(() => import('./pages/trusted-cas-page').then((m) => m.TrustedCasPage)) },
  // Support news and manuals (decisions 57–66): every signed-in user reads them; edits need their rights.
  { path: paths.gasSoftRenewal, access: signedIn(), Page: lazyComponent(() => import('./pages/news-page').then((m) => m.NewsPage)) },
  { path: paths.manuals, access: signedIn(), Page: lazyComponent(() => import('./pages/manuals-page').then((m) => m.ManualsPage)) },
  // The orders of the menu 'Документация' (decisions 87–96): any signed-in user opens one; the administrator fills the folder.
  { path: paths.publicOrder, access: signedIn(), Page: lazyComponent(() => import('./pages/public-docs-page').then((m) => m.PublicOrderPage)) },
  { path: paths.publicDocs, access: signedIn(full('RIGHT_SETTINGS')), Page: lazyComponent(() => import('./pages/public-docs-page').then((m) => m.PublicDocsPage)) },
  // The simple references (administration.md 2.1): opened with the catalogue's read right.
  ...catalogPages.map(({ path, access }) => ({ path, access: signedIn(access), Page: CatalogPage })),
  // The reports (decisions 87–96): one dialog page each, with FULL of the report's own right (administration.md 6).
  ...courtReports.map((r) => ({ path: reportPath(r.id), access: signedIn(full(r.right.key)), Page: ReportPage })),
  // The technical documents (decisions 87–96): request read OWN or ALL (the dialog lists the objects of that scope).
  ...technicalDocuments.map((d) => ({ path: technicalDocPath(d.id), access: signedIn(ownOrAll('RIGHT_REQUEST_READ')), Page: TechnicalDocPage })),
];

const byPath = new Map(appRoutes.map((r) => [r.path, r]));

/** The route of a link target ('/requests?open=1' -> the /requests route), if it exists. */
export const routeOf = (target: string): AppRoute | undefined => byPath.get(target.split(/[?#]/)[0] ?? target);

/**
 * Starts fetching the lazy page of an address at once: on a reload it would otherwise wait for the
 * restored session's confirmation (RouteGuard), one round trip after the other.
 */
export const preloadPageOf = (target: string): void => {
  const Page = routeOf(target)?.Page;
  if (Page && 'preload' in Page && typeof Page.preload === 'function') prefetch(Page as { preload: () => Promise<unknown> });
};
