/**
 * The act generation figure (issue 13, `npm run bench -- --only acts`): rendering one СО-8 act from
 * its Word template with a full equipment table (20 tools, 20 works) and writing it to a file,
 * p50/p95 over 40 runs after 5 warm-ups (target p95 <= 500 ms). Measured in process: the bench
 * world has no signers, so POST /api/request_act cannot be called there; the command around the
 * rendering is an ordinary request append, measured by the commands figures.
 */
import { readFile, rm, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { actDataSchema, type ActData } from '../domain/act/data';
import { renderDocx } from '../infrastructure/docx-template';
import { percentile } from './lib/http';

export interface ActsBenchDeps {
  readonly quick: boolean;
  readonly figure: (name: string, value: number, unit: string, target: number | null, kind?: 'max' | 'min', note?: string) => void;
  readonly details: Record<string, unknown>;
}

const sampleData = (): ActData =>
  actDataSchema.parse({
    act_title: 'АКТ СО-8', act_name: 'о выполненном ремонте', act_number: 'СР-77RS0001-123/2026', act_date: '24.11.2026', act_year: '2026',
    region: 'г. Москва', branch_name: 'Филиал ИАЦ по г. Москве', court_name: 'Басманный районный суд г. Москвы', court_address: 'г. Москва, ул. Лефортовский вал, д. 9',
    unit_name: 'Басманный районный суд, здание 1', unit_address: 'г. Москва, ул. Лефортовский вал, д. 9', request_number: '2026-123456', request_date: '20.11.2026',
    hotline_number: '2026-000777', act_text: 'Оборудование: МФУ Kyocera ECOSYS M2540dn, с/н VCF9Z12345, инв. 0101240001\n'.repeat(3),
    result: 'Выполнено', note: 'Заменён блок питания, принтер работает', learning_kind: '', engineer: 'Иванов Иван Иванович',
    iac_name: 'Смирнов Алексей Викторович', iac_post: 'Начальник отдела', unit_signer_name: 'Белова Ольга Николаевна', unit_signer_post: 'Администратор суда',
    final_name: 'Петров Пётр Петрович', final_post: 'Директор филиала', signers_count: 3, has_final: true,
    tools: Array.from({ length: 20 }, (_, i) => ({ n: i + 1, title: `МФУ Kyocera ECOSYS M2540dn № ${i + 1}`, serial: `VCF9Z${10000 + i}`, inventory: `01012400${10 + i}`, place: `Кабинет ${100 + i}`, person: 'Сидоров Николай Петрович' })),
    works: Array.from({ length: 20 }, (_, i) => ({ n: i + 1, title: `Замена узла ${i + 1}, проверка работоспособности` })),
    spares: [{ n: 1, title: 'Блок питания 220 В' }],
    students: [],
    signers: [
      { role_title: 'Филиал', post: 'Начальник отдела', name: 'Смирнов Алексей Викторович' },
      { role_title: 'Объект', post: 'Администратор суда', name: 'Белова Ольга Николаевна' },
      { role_title: 'Итоговый', post: 'Директор филиала', name: 'Петров Пётр Петрович' },
    ],
  });

export const benchActs = async (d: ActsBenchDeps): Promise<void> => {
  console.log('Act generation (СО-8 from its Word template, written to a file)');
  const template = await readFile(path.join(import.meta.dirname, '..', 'templates', 'acts', 'act-co-8.docx'));
  const data = { ...sampleData(), stamps: [] };
  const dir = await mkdtemp(path.join(tmpdir(), 'itsup-bench-acts-'));
  const runs = d.quick ? 10 : 40;
  const ms: number[] = [];
  let bytes = 0;
  try {
    for (let i = 0; i < runs + 5; i++) {
      const t = performance.now();
      const out = renderDocx(template, data);
      await writeFile(path.join(dir, `act-${i}.docx`), out);
      if (i >= 5) ms.push(performance.now() - t);
      bytes = out.length;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  ms.sort((a, b) => a - b);
  d.details.acts = { runs, bytes, p50: percentile(ms, 50), p95: percentile(ms, 95) };
  d.figure('act СО-8 generation (render + write, 20 tools) p50', percentile(ms, 50), 'ms', null);
  d.figure('act СО-8 generation (render + write, 20 tools) p95', percentile(ms, 95), 'ms', 500);
};
