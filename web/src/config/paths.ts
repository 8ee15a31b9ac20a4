/**
 * Addresses of the screens (administration.md 2.1). Features link to each other only through
 * these, never by importing each other.
 */
export const paths = {
  home: '/',
  login: '/login',
  about: '/about',
  requests: '/requests',
  requestsHotLine: '/requests-hot-line',
  tools: '/tools',
  /** A card's own address, printed as a label's QR code: `/tools/{id}`. */
  toolAddress: '/tools/:id',
  inventory: '/inventory',
  toolsAge: '/tools-list',
  toolsSets: '/tools-sets',
  roles: '/roles',
  organizations: '/organizations',
  hosts: '/hosts',
  // The simple references, one generic screen each (features/catalog).
  posts: '/posts',
  regions: '/regions',
  organizationKinds: '/organization-kinds',
  manufacturers: '/manufacturers',
  programs: '/programs',
  programsSubsystems: '/programs-subsystems',
  servicesRepairs: '/services-repairs',
  commonDisrepairs: '/common-disrepairs',
  problemsCategories: '/problems-categories',
  // Requests to the administrator (features/inner-request, decisions 57–66).
  requestInner: '/request-inner',
  toolsKinds: '/tools-kinds',
  toolsSetsNames: '/tools-sets-names',
  toolsKindsTraits: '/tools-kinds-traits',
  toolsModels: '/tools-models',
  spares: '/spares',
  toolsCheck: '/tools-check',
  // Employees, hot line executors and the user's notifications (features/user-admin, features/notification).
  users: '/users',
  usersHotline: '/users-hotline',
  notifications: '/notifications',
  // Outgoing mail and hot line calls (features/outbox, decisions 68–71).
  outbox: '/outbox',
  // The audit trail (features/audit, decisions 97–99).
  audit: '/audit',
  // Units import (decisions 57–66, features/organization-admin).
  unitsImport: '/units-import',
  // Documents for signature (features/signing, decisions 72–86).
  documentsList: '/documents-list',
  // The trust store of signatures: root and intermediate CAs, CRLs.
  trustedCas: '/trusted-cas',
  // Support news and manuals (features/news, features/manual, decisions 57–66).
  gasSoftRenewal: '/gas-soft-renewal',
  manuals: '/manuals',
  // The four orders of the menu 'Документация' (features/public-docs, decisions 87–96): one opens in a tab, the administrator fills the folder.
  publicOrder: '/public-order',
  publicDocs: '/public-docs',
} as const;

/** A report's dialog (menu Отчеты, decisions 87–96): one address per report of domain/report. */
export const reportPath = (reportId: string) => `/reports/${reportId}`;

/** The request list opening one request on its comments tab ('Чат по заявке'). */
export const requestChatPath = (requestId: number) => `${paths.requests}?open=${requestId}&tab=chat`;

/** The request list opening one request on its documents tab (from 'Документы на подпись'). */
export const requestDocumentsPath = (requestId: number) => `${paths.requests}?open=${requestId}&tab=documents`;

/** A technical document's dialog (menu Документация, decisions 87–96). */
export const technicalDocPath = (docId: string) => `/technical-docs/${docId}`;

/** One order of the public docs folder, opened in its own tab (menu Документация). */
export const publicOrderPath = (name: string) => `${paths.publicOrder}?name=${encodeURIComponent(name)}`;
