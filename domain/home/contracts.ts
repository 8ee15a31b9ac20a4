import type { RequestListQuery } from '../request/list-filter';

/**
 * GET /api/home: the signed-in user's home page (administration.md 2.1 'Home'): each block only
 * with the rights its list needs, each number with the list it opens (the same filter, so the
 * number is that list's count).
 */

/** Where a number leads: a request list with this filter, the documents for signature, the notifications. */
export type HomeTarget =
  | { readonly kind: 'requests'; readonly list: 'requests' | 'hotLine'; readonly filter: RequestListQuery }
  | { readonly kind: 'documents'; readonly unsignedOnly: boolean }
  | { readonly kind: 'notifications'; readonly unreadOnly: boolean };

export interface HomeNumber {
  readonly key: string;
  readonly title: string;
  readonly count: number;
  readonly to: HomeTarget;
}

export interface HomeRecentRequest {
  readonly id: number;
  readonly number: number | null;
  readonly request_date_add: string;
  readonly statusTitle: string;
  readonly request_text: string;
}

export interface HomeWeek {
  /** Monday of the week, 'YYYY-MM-DD'. */
  readonly week: string;
  readonly registered: number;
  readonly completed: number;
}

export interface HomeData {
  /** Requests waiting for me as an executor (and as a hot line engineer). */
  readonly mine: readonly HomeNumber[];
  /** Documents waiting for my signature, unread notifications. */
  readonly inbox: readonly HomeNumber[];
  /** My recent requests as their registrar. */
  readonly recent: readonly HomeRecentRequest[] | null;
  /** A branch chief's view of the scope: open requests by status and by engineer, the stale ones. */
  readonly branch: {
    readonly byStatus: readonly HomeNumber[];
    readonly byEngineer: readonly HomeNumber[];
    readonly stale: HomeNumber;
  } | null;
  /** Registered and completed per week, the last 12 weeks, in my scope. */
  readonly weeks: readonly HomeWeek[] | null;
}

/** A request without a result older than this many days is 'stale' on the chief's home page. */
export const STALE_DAYS = 14;
/** Weeks on the home page's chart. */
export const HOME_WEEKS = 12;
