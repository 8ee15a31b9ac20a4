import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** success: green, shown for SUCCESS_NOTICE_MS; error: red, stays until closed or timed out. */
export type NoticeKind = 'success' | 'error';

export interface Notice {
  readonly id: number;
  readonly kind: NoticeKind;
  readonly text: string;
}

export interface NoticesState {
  readonly queue: readonly Notice[];
  readonly nextId: number;
}

const initialState: NoticesState = { queue: [], nextId: 1 };

/** The global notices (administration.md section 8), shown one at a time by a snackbar. */
export const noticesSlice = createSlice({
  name: 'notices',
  initialState,
  reducers: {
    noticeShown: (state, action: PayloadAction<{ kind: NoticeKind; text: string }>) => {
      const { kind, text } = action.payload;
      // Many calls failing together (e.g. the network is gone) give one notice, not a pile.
      if (state.queue.some((n) => n.kind === kind && n.text === text)) return state;
      return { queue: [...state.queue, { id: state.nextId, kind, text }], nextId: state.nextId + 1 };
    },
    noticeClosed: (state, action: PayloadAction<number>) => ({
      ...state,
      queue: state.queue.filter((n) => n.id !== action.payload),
    }),
  },
  selectors: {
    selectCurrentNotice: (state): Notice | null => state.queue[0] ?? null,
  },
});

export const { noticeShown, noticeClosed } = noticesSlice.actions;
export const { selectCurrentNotice } = noticesSlice.selectors;

export const showSuccess = (text: string) => noticeShown({ kind: 'success', text });
export const showError = (text: string) => noticeShown({ kind: 'error', text });
