import type ExcelJS from 'exceljs';

/** What a readable-stream v2 PassThrough keeps buffered (archiver-utils uses that package). */
interface Held {
  readonly _writableState?: { readonly length?: number };
  readonly _readableState?: { readonly length?: number };
}

const held = (p: Held) => (p._writableState?.length ?? 0) + (p._readableState?.length ?? 0);

/**
 * Backpressure inside exceljs's streaming writer: a worksheet's committed rows go into a StreamBuf that
 * archiver reads through a PassThrough (archiver-utils normalizeInputSource), and the StreamBuf writes
 * into it without regard to its fill. A producer faster than the deflate piles the whole uncompressed
 * sheet up in Buffers (a million audit events: ~450 MB of array buffers, 630 MB RSS; the response's
 * own drain never sees it, it stays empty). Waiting after each batch until that pipe holds at most
 * `limit` bytes keeps memory flat (local run, a million 7-column rows: 163 MB peak instead of 625 MB,
 * same time). The internals are read defensively: if exceljs changes them, the wait does nothing.
 */
export const waitForSheet = async (sheet: ExcelJS.Worksheet, limit = 4 * 1024 * 1024): Promise<void> => {
  const pipes = (sheet as unknown as { _stream?: { pipes?: Held[] } })._stream?.pipes ?? [];
  for (const p of pipes) while (held(p) > limit) await new Promise((r) => setTimeout(r, 2));
};
