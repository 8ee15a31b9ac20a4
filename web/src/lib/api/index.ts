export { api } from './api';
export { apiTagTypes, type ApiTagType } from './tags';
export type { ApiExtraOptions } from './base-query';
export { apiErrorText, fieldErrorsOf, httpStatusOf, isFetchBaseQueryError, isNetworkFailure, serverMessageOf } from './errors';
export { enterPastMoment } from './past-moment';
