/**
 * Labels and inventory scans, in-process (docs/notes/inventory.md):
 *   node --import tsx bench/inventory.ts [labels=1000] [units=2000]
 * Labels: the PDF of `labels` synthetic units in A4 3×8 (pdfkit, DejaVu, vector QR), time and peak RSS.
 * Scans: a round expecting `units` units; each scan decided and folded onto the state as handleCommand
 * does (the stream's state in memory), every unit once: p50/p95/max per scan.
 */
import { performance } from 'node:perf_hooks';
import { labelsPdf } from '../api/labels/label-pdf';
import { inventoryDecider, type InventoryState, type InventoryTool } from '../domain/inventory';

const [labelsArg, unitsArg] = process.argv.slice(2);
const LABELS = Number(labelsArg ?? 1000);
const UNITS = Number(unitsArg ?? 2000);

const benchLabels = async () => {
  const labels = Array.from({ length: LABELS }, (_, i) => ({
    id: 100_000 + i, url: `https://it.example.ru/tools/${100_000 + i}`, inventar_number: `ИНВ-${String(i).padStart(6, '0')}`,
    serial_number: `SN${(i * 7919).toString(36).toUpperCase()}`, kind: 'Системный блок', model: 'Aquarius Pro P30 K44 R53', unit: 'Басманный районный суд г. Москвы',
  }));
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const start = performance.now();
  let bytes = 0;
  const stream = labelsPdf('a4-3x8', (async function* () {
    for (let i = 0; i < labels.length; i += 500) yield labels.slice(i, i + 500);
  })());
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  const ms = performance.now() - start;
  clearInterval(timer);
  console.log(`labels: ${LABELS} in ${(ms / 1000).toFixed(2)} s, ${(bytes / 1024 / 1024).toFixed(2)} MB PDF, peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB`);
};

const benchScans = () => {
  const ctx = { userId: 1, now: new Date().toISOString(), correlationId: 'bench' };
  const expected: InventoryTool[] = Array.from({ length: UNITS }, (_, i) => ({ tool_id: i + 1, unit_id: 1, inventar_number: `И${i}`, serial_number: `S${i}`, title: `Единица ${i}` }));
  let state: InventoryState = inventoryDecider.initialState();
  for (const e of inventoryDecider.decide(state, { type: 'StartInventory', id: 1, unit_ids: [1], expected, started_by: 1, started_by_name: 'Бенч' }, ctx)) state = inventoryDecider.evolve(state, e);
  const times: number[] = [];
  for (const tool of expected) {
    const t0 = performance.now();
    for (const e of inventoryDecider.decide(state, { type: 'ScanInventory', code: tool.inventar_number!, target: { kind: 'tool', tool }, at_unit_id: null, confirmUnknown: false }, ctx))
      state = inventoryDecider.evolve(state, e);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(3);
  console.log(`scans: ${UNITS} units, decide+fold per scan p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${times.at(-1)!.toFixed(3)} ms; found ${state.found.size}`);
};

await benchLabels();
benchScans();
