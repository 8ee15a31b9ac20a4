import { catalogs } from '../../domain/catalog/definitions';

/**
 * Who may call which route: the expectation for every demo role (api/seed/demo-data.ts) and for an
 * anonymous caller, derived from the rights each demo role holds and the route's `requireRight` (or
 * the rule its command checks). `allowed` = the call is served (2xx, or 4xx for data reasons such as
 * 400/404/409, never 401 or 403). tests/integration/platform/rights-matrix.int.spec.ts calls every
 * registered route as every caller and fails when a route is missing here, so a new route must
 * be added to this table.
 */
export const demoRoleLogins = ['admin', 'engineer', 'court', 'hotline', 'signer', 'chief', 'senior'] as const;
export type DemoRoleLogin = (typeof demoRoleLogins)[number];
export type Caller = DemoRoleLogin | 'anonymous';
export const callers: readonly Caller[] = [...demoRoleLogins, 'anonymous'];

export type Expectation = 'allowed' | 401 | 403;
export type AccessRow = Readonly<Record<Caller, Expectation>>;

/** Anyone, signed in or not. */
const open: AccessRow = { admin: 'allowed', engineer: 'allowed', court: 'allowed', hotline: 'allowed', signer: 'allowed', chief: 'allowed', senior: 'allowed', anonymous: 'allowed' };
/** Every signed-in user; anonymous 401. */
const signedIn: AccessRow = { ...open, anonymous: 401 };
/** Only the roles named; other roles 403, anonymous 401. */
const only = (...roles: DemoRoleLogin[]): AccessRow =>
  Object.fromEntries(callers.map((c) => [c, c === 'anonymous' ? 401 : roles.includes(c as DemoRoleLogin) ? 'allowed' : 403])) as AccessRow;

// Holders of a right among the demo roles (demo-data.ts demoRoles; admin holds every right).
const REQUEST_READ = signedIn; // every demo role holds RIGHT_REQUEST_READ (OWN or ALL)
const REQUEST_CREATE = only('admin', 'engineer', 'court', 'chief', 'senior');
const REQUEST_DELETE = only('admin', 'chief', 'senior');
const REQUEST_EDIT_NUMBER = only('admin', 'chief');
const MULTIPLE_REQUESTS = only('admin', 'chief');
const TOOLS_READ = only('admin', 'engineer', 'court', 'signer', 'chief', 'senior');
const TOOLS_WRITE = only('admin', 'engineer');
/** RIGHT_TOOLS_WRITE or RIGHT_TOOLS_PLACE_EDIT (PUT /api/tool_attr). */
const TOOLS_PLACE_OR_WRITE = only('admin', 'engineer');
/** RIGHT_HOTLINE_EDIT or RIGHT_REQUEST_HOTLINE_EDIT (the hot line number, registration and its mail). */
const HOTLINE_NUMBER = only('admin', 'engineer', 'hotline', 'senior');
const ZIP = only('admin', 'engineer', 'chief');
const ZIP_FULL = only('admin', 'chief');
const SETTINGS = only('admin');
const ORGANIZATIONS_FULL = only('admin');
const USERS_LIST = only('admin', 'chief');
const CERTIFICATES = only('admin');

/** Catalogue writes need FULL of the catalogue's edit right (domain/catalog/definitions.ts). */
const catalogEditors: Readonly<Record<string, AccessRow>> = {
  posts: only('admin', 'chief'),
  services_repairs: only('admin', 'chief'),
  common_disrepairs: only('admin', 'chief'),
};

const catalogRows = Object.fromEntries(
  catalogs.flatMap((def) => {
    const edit = catalogEditors[def.name] ?? only('admin');
    return [
      [`GET /api/${def.name}`, signedIn],
      [`GET /api/${def.name}/:id`, signedIn],
      [`POST /api/${def.name}`, edit],
      [`PUT /api/${def.name}/:id`, edit],
      [`DELETE /api/${def.name}/:id`, edit],
    ];
  }),
) as Record<string, AccessRow>;

/** Keyed by `METHOD path` exactly as registered in fastify. */
export const accessTable: Readonly<Record<string, AccessRow>> = {
  // Platform. GET /* is the built client's catch-all (registered only when web/dist exists).
  'GET /*': open,
  'GET /api/health': open,
  'GET /api/app_info': open,
  'GET /api/system/projections': SETTINGS,
  'GET /api/system/jobs': SETTINGS,
  // Session.
  'POST /api/auth/signin': open,
  'POST /api/auth/signout': signedIn,
  'GET /api/auth/rights': signedIn,
  'GET /api/auth/me': signedIn,
  'GET /api/user_role': signedIn,
  'GET /api/user_unit': signedIn,
  // Reference catalogues: read by every signed-in user, written with their edit right.
  ...catalogRows,
  // Organisations and units.
  // Requests to the administrator (decisions 57–66): everyone writes and reads their own; FULL RIGHT_REQUEST_INNER manages.
  'GET /api/request_inner/:filter': signedIn,
  'POST /api/request_inner': signedIn,
  'PUT /api/request_inner/:id': SETTINGS,
  'DELETE /api/request_inner/:id': SETTINGS,
  'GET /api/request_inner_file/:id/:fileId': signedIn,
  // Support news and manuals (decisions 57–66): read by every signed-in user; written with
  // RIGHT_GAS_SOFT_RENEWAL_EDIT / RIGHT_MANUALS_EDIT FULL, which among the demo roles only admin holds.
  'GET /api/gas_soft_renewals': signedIn,
  'POST /api/gas_soft_renewal': SETTINGS,
  'PUT /api/gas_soft_renewal/:id': SETTINGS,
  'DELETE /api/gas_soft_renewal/:id': SETTINGS,
  'GET /api/gas_soft_renewal_file/:id/:fileId': signedIn,
  'GET /api/manuals': signedIn,
  'POST /api/manuals': SETTINGS,
  'PUT /api/manuals/:id': SETTINGS,
  'DELETE /api/manuals/:id': SETTINGS,
  'POST /api/manuals_items': SETTINGS,
  'PUT /api/manuals_items/:id': SETTINGS,
  'DELETE /api/manuals_items/:id': SETTINGS,
  'GET /api/manual_item_file/:itemId/:fileId': signedIn,
  'GET /api/organization': signedIn,
  'GET /api/organization/:id': signedIn,
  'POST /api/organization': ORGANIZATIONS_FULL,
  'PUT /api/organization/:id': ORGANIZATIONS_FULL,
  'DELETE /api/organization/:id': ORGANIZATIONS_FULL,
  // Version history (decisions 57–66): everyone signed in reads, RIGHT_APP_VERSIONS_EDIT (admin only) writes.
  'GET /api/versions-history': signedIn,
  'GET /api/home': signedIn,
  'POST /api/versions-history': only('admin'),
  'PUT /api/versions-history/:id': only('admin'),
  'DELETE /api/versions-history/:id': only('admin'),
  // Units import (decisions 57–66): RIGHT_REFERENCES FULL, and the saves need RIGHT_ORGANIZATIONS FULL.
  'POST /api/units_import': only('admin'),
  'GET /api/unit': signedIn,
  'POST /api/update_unit_attr/:unitId': ORGANIZATIONS_FULL,
  // Roles and employees.
  'GET /api/roles': SETTINGS,
  'POST /api/roles': SETTINGS,
  'PUT /api/roles/:id': SETTINGS,
  'DELETE /api/roles/:id': SETTINGS,
  'GET /api/users': USERS_LIST,
  'GET /api/users/:filter': USERS_LIST,
  'POST /api/users': USERS_LIST,
  'PUT /api/users/:id': USERS_LIST,
  'DELETE /api/users/:id': USERS_LIST,
  // Notifications: one's own only.
  'GET /api/notifications/:userId': signedIn,
  'PUT /api/notifications/:id': signedIn,
  'PUT /api/notifications/request/:requestId': signedIn,
  'POST /api/create_notifications': REQUEST_READ,
  // Requests: reading.
  'GET /api/request': REQUEST_READ,
  'GET /api/request/:filter': REQUEST_READ,
  'GET /api/request_single/:id': REQUEST_READ,
  'GET /api/request_files/:section/:id': REQUEST_READ,
  'GET /api/request_docs/:id': REQUEST_READ,
  'GET /api/request_engineers/:id': REQUEST_READ,
  'GET /api/request_recipients/:id': REQUEST_READ,
  'GET /api/request_history/:id': REQUEST_READ,
  'GET /api/request_spares/:id': ZIP, // spares stock, a request's spares included: RIGHT_ZIP
  'GET /api/request_spares_pbs/:id': REQUEST_READ,
  'GET /api/request_works/:id': REQUEST_READ,
  'GET /api/request_comments/:id': REQUEST_READ,
  'GET /api/request_tools_commissioning/:id': REQUEST_READ,
  'GET /api/request_contacts/:unitId': REQUEST_READ,
  'GET /api/engineers/:regionId': REQUEST_READ,
  'GET /api/request_export/:format': REQUEST_READ,
  'GET /api/request_export/:format/:filter': REQUEST_READ,
  'GET /api/request_file/:requestId/:fileId': REQUEST_READ,
  // Spares stock: RIGHT_ZIP (READ or FULL), decisions 8, 13.
  'GET /api/spares_sets/:filter': ZIP,
  // Spares screen (decisions 48–56): the list with RIGHT_ZIP READ or FULL, writes with FULL.
  'GET /api/spares_sets': ZIP,
  'POST /api/spares_sets': ZIP_FULL,
  'PUT /api/spares_sets/:id': ZIP_FULL,
  'DELETE /api/spares_sets/:id': ZIP_FULL,
  'DELETE /api/spares_sets/:id/items/:itemId': ZIP_FULL,
  // Characteristics under their own paths (equipment.md 7): RIGHT_TOOLS_TRAITS FULL (admin only).
  'POST /api/tool_traits': only('admin'),
  'PUT /api/tool_traits/:id': only('admin'),
  'DELETE /api/tool_traits/:id': only('admin'),
  'POST /api/tool_traits_add_value': only('admin'),
  // Tool models' files (reference data: every signed-in user); the model checks with RIGHT_TOOLS_MODELS FULL.
  'GET /api/tool_model_file/:modelId/:fileId': signedIn,
  'GET /api/tool_model_export': only('admin', 'engineer', 'chief', 'senior'), // RIGHT_TOOLS_MODELS READ or FULL
  'GET /api/tools_models_without_pictures': only('admin'),
  'POST /api/tools_model_fix_pictures': only('admin'),
  'POST /api/tools_models_fix': only('admin'),
  // Registry checks: RIGHT_TOOLS_WRITE FULL (the copy writes tool cards).
  'GET /api/tools_check_traits': TOOLS_WRITE,
  'POST /api/tools_copy_traits': TOOLS_WRITE,
  'GET /api/tools_copy_traits/:jobId': TOOLS_WRITE,
  // Requests: writing. Register needs the create right; a save of a filial request the edit right
  // (RIGHT_REQUEST_EDIT: admin, engineer, chief); taking it the engineer right (admin, engineer).
  'POST /api/request': REQUEST_CREATE,
  'PUT /api/request': REQUEST_CREATE,
  'PUT /api/request/:id': only('admin', 'engineer', 'chief'),
  'POST /api/request/:id/:action': only('admin', 'engineer'),
  'DELETE /api/request/:id': REQUEST_DELETE,
  'POST /api/request_set_new_number': REQUEST_EDIT_NUMBER,
  'POST /api/request_set_new_date': REQUEST_EDIT_NUMBER,
  'POST /api/request_comments': REQUEST_READ,
  // Acts from templates (decisions 72–86): generation and its dialog's candidates need RIGHT_REQUEST_EDIT FULL
  // (admin, engineer, chief); template versions RIGHT_SETTINGS FULL.
  'GET /api/act_signer_candidates/:id': only('admin', 'engineer', 'chief'),
  'POST /api/request_act': only('admin', 'engineer', 'chief'),
  'GET /api/act_templates': SETTINGS,
  // A template in use (requests.md 7, equipment.md 7): the sample names an act's, read with RIGHT_REQUEST_READ;
  // the list templates' own rights are tested in tests/integration/documents/public-templates.int.spec.ts.
  'GET /public/templates/:name': REQUEST_READ,
  'POST /api/act_templates/:kind': SETTINGS,
  'POST /api/request_multiple': MULTIPLE_REQUESTS,
  // The state hot line (decisions 68–71): RIGHT_HOTLINE_EDIT or RIGHT_REQUEST_HOTLINE_EDIT; the outbox RIGHT_SETTINGS.
  'POST /api/request_hot_line_register': HOTLINE_NUMBER,
  'POST /api/request_hot_line_email_register': HOTLINE_NUMBER,
  'POST /api/request_hot_line_email_close': HOTLINE_NUMBER,
  // The hot line executor's (RIGHT_REQUEST_HOTLINE_EDIT): domain/request/declarant-message.ts.
  'POST /api/hot_line_email_to_declarant': only('admin', 'hotline', 'senior'),
  'GET /api/outbox': SETTINGS,
  // The audit trail (decisions 97–99): RIGHT_AUDIT FULL, held by the admin demo role only.
  'GET /api/audit': only('admin'),
  'GET /api/audit_users': only('admin'),
  'GET /api/audit_export': only('admin'),
  'GET /api/audit_export/:filter': only('admin'),
  'POST /api/outbox/retry': SETTINGS,
  // A request's delivery state (any reader in scope) and its 'Повторить' (the hot line number's right or RIGHT_SETTINGS).
  'GET /api/request_delivery/:id': REQUEST_READ,
  'POST /api/request_delivery_retry': HOTLINE_NUMBER,
  // Equipment.
  'GET /api/tool': TOOLS_READ,
  'GET /api/tool/:filter': TOOLS_READ,
  'GET /api/tools_for_commissioning/:unitId': TOOLS_READ,
  'GET /api/tool_history/:id': TOOLS_READ,
  'GET /api/tool_card/:id': TOOLS_READ,
  'POST /api/tool_labels': TOOLS_READ,
  'GET /api/tool_labels/:layout': TOOLS_READ,
  // Inventory rounds: reads with RIGHT_TOOLS_READ, writes with RIGHT_TOOLS_WRITE FULL.
  'GET /api/inventory': TOOLS_READ,
  'GET /api/inventory/:id': TOOLS_READ,
  'GET /api/inventory/:id/statement': TOOLS_READ,
  'POST /api/inventory': TOOLS_WRITE,
  'POST /api/inventory/:id/scan': TOOLS_WRITE,
  'POST /api/inventory/:id/move': TOOLS_WRITE,
  'POST /api/inventory/:id/finish': TOOLS_WRITE,
  'GET /api/tools_count': TOOLS_READ,
  'GET /api/tools_age_count': TOOLS_READ,
  'GET /api/tool_kind_traits': TOOLS_READ,
  'GET /api/tool_kind_traits/:filter': TOOLS_READ,
  'GET /api/tools_sets': TOOLS_READ,
  'GET /api/tools_sets/:id': TOOLS_READ,
  'GET /api/tools_by_set_id/:id': TOOLS_READ,
  'GET /api/tools_sets_search': TOOLS_READ,
  'POST /api/tool': TOOLS_WRITE,
  'PUT /api/tool/:id': TOOLS_WRITE,
  'PUT /api/tool_attr/:id': TOOLS_PLACE_OR_WRITE,
  'DELETE /api/tool/:id': TOOLS_WRITE,
  'GET /api/tool_file/:toolId/:fileId': TOOLS_READ,
  'POST /api/tools_sets': TOOLS_WRITE,
  'PUT /api/tools_sets/:id': TOOLS_WRITE,
  'DELETE /api/tools_sets/:id': TOOLS_WRITE,
  // Excel import (decisions 48–56): RIGHT_TOOLS_IMPORT FULL, held by admin only among the demo roles.
  'POST /api/tools_import': only('admin'),
  'GET /api/tools_import/:jobId': only('admin'),
  'POST /api/tools_and_sets_clean/:unitId': only('admin'),
  'GET /api/tools_import_template': only('admin'),
  // Reports as jobs (decisions 87–96): a court report's own right at FULL (admin and chief hold every report right; the sample
  // is the archive journal); a technical document (same route) request read OWN or ALL, tested in
  // tests/integration/reports/technical-docs.int.spec.ts; a run is read, cancelled and downloaded only by its owner
  // (another caller's or an unknown id: 404).
  'POST /api/reports/:reportId': only('admin', 'chief'),
  'GET /api/reports/jobs/:jobId': signedIn,
  'DELETE /api/reports/jobs/:jobId': signedIn,
  'GET /api/reports/jobs/:jobId/file': signedIn,
  // The report data calls of section 7: the report's own right at FULL, as its job.
  ...Object.fromEntries(
    ['requests_enclosure_1', 'requests_enclosure_2', 'requests_enclosure_3', 'requests_for_archive', 'repair_report', 'requests_soft', 'tools_waiting_repair', 'tools_repair_detail', 'tools_for_hw_report'].flatMap(
      (call) => [[`GET /api/${call}`, only('admin', 'chief')], [`GET /api/${call}/:json`, only('admin', 'chief')]],
    ),
  ),
  // Technical documents' dialog and data calls (decisions 87–96): request read OWN or ALL (every demo role), the object within that scope (else 404);
  // the public documents folder: every signed-in user reads, RIGHT_SETTINGS FULL uploads.
  'GET /api/technical_docs/units': REQUEST_READ,
  'GET /api/technical_docs/signers/:unitId': REQUEST_READ,
  'GET /api/tools_for_passport': REQUEST_READ,
  'GET /api/tools_for_passport_with_sofware': REQUEST_READ,
  'GET /api/requests_formular/:json': REQUEST_READ,
  'GET /api/requests_formular': REQUEST_READ,
  // The API's description and reference page: open, they hold no data.
  'GET /api/openapi.json': open,
  'GET /api/docs': open,
  'GET /api/public_docs': signedIn,
  'GET /api/public_docs/:name': signedIn,
  'POST /api/public_docs': SETTINGS,
  'GET /api/tool_export/:format': TOOLS_READ,
  'GET /api/tool_export/:format/:filter': TOOLS_READ,
  // Electronic signing (decisions 72–86): a signing right (admin: every document, read-only) lists and signs; downloads
  // and a request's documents to whoever is assigned or can read the request (404 otherwise); roots RIGHT_SETTINGS.
  'GET /api/files_for_signers': only('admin', 'signer'),
  'GET /api/request_sign_documents/:requestId': REQUEST_READ,
  'POST /api/signs': only('admin', 'signer'),
  'GET /api/sign_document/:docId/original': signedIn,
  'GET /api/sign_document/:docId/archive': signedIn,
  'GET /api/sign_document/:docId/stamped': signedIn,
  'GET /api/sign_document/:docId/signatures/:kind': signedIn,
  // Certificates of signatures: the trust store and the accounts' certificates with RIGHT_SIGNING_CERTIFICATES
  // (admin); an account's list also to whoever manages employees (RIGHT_USERS_LIST) in scope, or the account itself.
  'GET /api/trusted_cas': CERTIFICATES,
  'POST /api/trusted_cas': CERTIFICATES,
  'DELETE /api/trusted_cas/:thumbprint': CERTIFICATES,
  'POST /api/trusted_crls': CERTIFICATES,
  'DELETE /api/trusted_crls/:id': CERTIFICATES,
  'GET /api/users/:id/certificates': USERS_LIST,
  'POST /api/users/:id/certificates': CERTIFICATES,
  'POST /api/users/:id/certificates/:thumbprint/confirm': CERTIFICATES,
  'DELETE /api/users/:id/certificate_proposals/:thumbprint': CERTIFICATES,
  'DELETE /api/users/:id/certificates/:thumbprint': CERTIFICATES,
};

export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;
