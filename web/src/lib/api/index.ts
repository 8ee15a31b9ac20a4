export { api } from './api';
export type { ApiExtraOptions } from './base-query';
export { apiErrorText, fieldErrorsOf, httpStatusOf, isFetchBaseQueryError, isNetworkFailure, serverMessageOf } from './errors';
