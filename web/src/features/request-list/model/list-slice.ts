import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from '@/lib/session';
import { rootReducer, type RootState } from '@/lib/store';
import {
  defaultFilter,
  filterKey,
  withoutHiddenSubFilters,
  type ListKind,
  type RepairFilter,
  type RequestListFilter,
  type SoftwareFilter,
  type SoftwareFilterKey,
  type ToolFilter,
} from './filter';

/** One list's state: its filter and the page shown. */
export interface ListState {
  readonly filter: RequestListFilter;
  /** 1-based. */
  readonly page: number;
}

export type RequestListsState = Readonly<Record<ListKind, ListState>>;

const initialState = (): RequestListsState => ({
  requests: { filter: defaultFilter('requests'), page: 1 },
  hotLine: { filter: defaultFilter('hotLine'), page: 1 },
});

/** Any real change of the filter starts again at page 1 (requests.md 2.1). */
const setFilter = (state: RequestListsState, list: ListKind, next: RequestListFilter): RequestListsState => {
  const current = state[list];
  const cleaned = withoutHiddenSubFilters(next);
  if (filterKey(cleaned) === filterKey(current.filter)) return { ...state, [list]: { ...current, filter: cleaned } };
  return { ...state, [list]: { filter: cleaned, page: 1 } };
};

/**
 * The filters of both request lists live in the store, so they survive opening and closing the
 * request dialog and leaving the screen; signing out forgets them.
 */
export const requestListSlice = createSlice({
  name: 'requestList',
  initialState,
  reducers: {
    filterChanged: (state, action: PayloadAction<{ list: ListKind; patch: Partial<RequestListFilter> }>) =>
      setFilter(state, action.payload.list, { ...state[action.payload.list].filter, ...action.payload.patch }),
    repairFilterChanged: (state, action: PayloadAction<{ list: ListKind; patch: Partial<RepairFilter> }>) => {
      const filter = state[action.payload.list].filter;
      return setFilter(state, action.payload.list, { ...filter, repair: { ...filter.repair, ...action.payload.patch } });
    },
    toolFilterChanged: (state, action: PayloadAction<{ list: ListKind; patch: Partial<ToolFilter> }>) => {
      const filter = state[action.payload.list].filter;
      return setFilter(state, action.payload.list, { ...filter, repairTool: { ...filter.repairTool, ...action.payload.patch } });
    },
    softwareFilterChanged: (
      state,
      action: PayloadAction<{ list: ListKind; key: SoftwareFilterKey; patch: Partial<SoftwareFilter> }>,
    ) => {
      const { list, key, patch } = action.payload;
      const filter = state[list].filter;
      return setFilter(state, list, { ...filter, [key]: { ...filter[key], ...patch } });
    },
    filterReset: (state, action: PayloadAction<ListKind>) => setFilter(state, action.payload, defaultFilter(action.payload)),
    filterReplaced: (state, action: PayloadAction<{ list: ListKind; filter: RequestListFilter }>) => setFilter(state, action.payload.list, action.payload.filter),
    pageChanged: (state, action: PayloadAction<{ list: ListKind; page: number }>) => {
      const { list, page } = action.payload;
      return { ...state, [list]: { ...state[list], page: Math.max(1, Math.floor(page)) } };
    },
  },
  extraReducers: (builder) => builder.addCase(signedOut, () => initialState()),
  selectors: {
    selectList: (state, list: ListKind): ListState => state[list],
  },
});

export const { filterChanged, repairFilterChanged, toolFilterChanged, softwareFilterChanged, filterReset, filterReplaced, pageChanged } =
  requestListSlice.actions;

/** The slice joins the store when this feature is first loaded (the screens are lazy chunks). */
const injected = requestListSlice.injectInto(rootReducer);

/** The root state as it is once the slice is injected (the store's type does not list lazy slices). */
type WithRequestLists = RootState & { readonly [requestListSlice.reducerPath]?: RequestListsState };

export const selectList = (state: RootState, list: ListKind): ListState => injected.selectors.selectList(state as WithRequestLists, list);
