/**
 * Every cache tag of the client's api, in one list. A feature's endpoints provide and invalidate
 * these by name, so one feature can refresh another's data (a request's save refreshes the list
 * and the notifications) without importing it.
 */
export const apiTagTypes = ['Catalog', 'Organizations', 'Units', 'Notifications', 'Request', 'RequestList', 'Tool', 'ToolList', 'ToolsSet', 'Roles', 'Users', 'SignDocuments', 'InnerRequests', 'News', 'Manuals', 'TrustStore', 'UserCertificates', 'SignatureDetails'] as const;

export type ApiTagType = (typeof apiTagTypes)[number];
