import { HotlineResult, PerformType, PerformerKind, RequestKind, RequestResult } from '../../domain/request/enums';
import { toDateOnly } from '../../domain/shared/dates';
import type { CommandContext } from '../../domain/shared/events';
import type { FileRef } from '../../domain/request/state';
import type { AppContext } from '../context';
import { DemoRequest, demoGroup } from './demo-life';
import { DOCX_MIME, demoNoteDocx, demoScreenshotPng, storeDemoFile } from './demo-files';
import { hotlineNumber, performInput, progressFields, registrationFields } from './demo-work';
import type { DemoUnit, DemoUser, DemoWorld } from './demo-world';

/** One command of a request's life, run at its time as its user. */
export type Step = { readonly gapHours?: readonly [number, number]; readonly run: (at: (user: DemoUser) => CommandContext) => Promise<void> };

/** A request's life: when it starts (days before today) and its commands in order. */
export interface Plan {
  readonly label: string;
  readonly daysAgo: readonly [number, number];
  readonly steps: Step[];
}

/** Where a branch request's life stops (the status it is left in, or the path that leads there). */
export type FilialTarget = 'waiting' | 'performing' | 'performed' | 'closed' | 'resumed' | 'reexecuted' | 'recalled' | 'mistake' | 'to-hotline';
/** Where a hot line (SENIOR) request's life stops. */
export type HotlineTarget = 'waiting' | 'performing' | 'performed' | 'closed' | 'reexecuted';

const days: Record<FilialTarget, readonly [number, number]> = {
  waiting: [0, 6],
  performing: [1, 12],
  performed: [2, 16],
  closed: [8, 42],
  resumed: [3, 12],
  reexecuted: [12, 35],
  recalled: [1, 40],
  mistake: [1, 40],
  'to-hotline': [1, 10],
};
const hotlineDays: Record<HotlineTarget, readonly [number, number]> = {
  waiting: [0, 5],
  performing: [1, 10],
  performed: [2, 12],
  closed: [7, 40],
  reexecuted: [8, 30],
};

/** Builds the plans of the living demo; `rnd` is the seeded generator, so every start gives the same demo. */
export class DemoPlanner {
  private hotlineSeq = 1;
  private shot = 1;
  private readonly repaired = new Set<number>();
  /** Whether the branch already has a hard repair ended as a write-off (see `filial`). */
  private branchWriteOff = false;
  readonly lives: DemoRequest[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly world: DemoWorld,
    private readonly rnd: () => number,
    private readonly year: string,
  ) {}

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.rnd() * list.length)]!;
  }

  private get u() {
    return this.world.users as Record<'admin' | 'engineer' | 'engineer2' | 'court' | 'hotline' | 'hotline2' | 'signer' | 'chief' | 'senior', DemoUser>;
  }

  private courtAccounts(): DemoUser[] {
    return [this.u.court, ...this.world.others.map((o) => o.court)];
  }

  private nextHotline() {
    return hotlineNumber(this.hotlineSeq++, this.year);
  }

  private programs() {
    return { special: this.world.specialPrograms, common: this.world.commonPrograms };
  }

  /** A screenshot file; its number is taken when the plan is built, so names do not depend on timing. */
  private screenshot() {
    const n = this.shot++;
    return () => storeDemoFile(this.ctx, `скриншот_ошибки_${n}.png`, 'image/png', demoScreenshotPng(n));
  }

  private signers(engineer: DemoUser) {
    return [`Инженер филиала: ${engineer.user.fio}`, `Подписант филиала: ${this.u.signer.user.fio}`];
  }

  /**
   * A branch request: registered by the court or the branch, assigned, taken, worked on in several
   * saves, performed with its act, closed by the chief; `target` says where its life stops.
   */
  filial(o: { kind: number; unit: DemoUnit; by: DemoUser; engineer: DemoUser; target: FilialTarget; assign?: boolean; region?: { chief: DemoUser; court: DemoUser | null } }): Plan {
    const { unit, by, engineer, target } = o;
    const chief = o.region?.chief ?? this.u.chief;
    const court = o.region ? o.region.court : this.courtAccounts().find((c) => c.user.unitIds.includes(unit.id)) ?? null;
    const life = new DemoRequest(this.ctx, unit);
    this.lives.push(life);
    const kind = target === 'mistake' && this.rnd() < 0.5 ? RequestKind.MISTAKE : target === 'to-hotline' ? RequestKind.SPECIAL_SOFTWARE : o.kind;
    const fields = { ...DemoRequest.contactFields(unit, this.courtAccounts(), 'Секретарь канцелярии'), ...registrationFields(kind, unit, (l) => this.pick(l), this.programs(), this.repaired) };
    const steps: Step[] = [];
    const notified = new Set<DemoUser>();
    const comment = (from: DemoUser, text: string, to: Array<DemoUser | null>, files?: () => Promise<FileRef[]>): Step => ({
      gapHours: [0.2, 3],
      run: async (at) => {
        const users = to.filter((x): x is DemoUser => x !== null && x !== from);
        users.forEach((x) => notified.add(x));
        await life.comment(from, text, users, at(from), files ? await files() : []);
      },
    });
    const shot = by === court && this.rnd() < 0.4 ? this.screenshot() : null;
    const preassigned = o.assign && by !== court;
    steps.push({
      run: async (at) => life.register(by, fields, at(by), { engineers: preassigned ? [engineer] : [], attachments: shot ? [await shot()] : [] }),
    });
    if (kind === RequestKind.MISTAKE) return { label: `${target}:${kind}`, daysAgo: days[target], steps };
    if (o.assign && !preassigned) steps.push({ gapHours: [0.5, 6], run: async (at) => life.act(chief, 'assign', at(chief), [engineer]) });
    if (court && this.rnd() < 0.5)
      steps.push(comment(court, 'Добрый день! Подскажите, пожалуйста, когда ожидать специалиста?', [engineer, chief]));
    if (target === 'mistake') {
      steps.push({ run: async (at) => life.save(engineer, { request_kind_id: RequestKind.MISTAKE }, at(engineer)) });
      return { label: `${target}:save`, daysAgo: days[target], steps };
    }
    if (target === 'recalled' && this.rnd() < 0.6) {
      steps.push(comment(chief, 'Суд сообщил, что неисправность устранена своими силами. Заявка отзывается.', [engineer, court]));
      steps.push({ run: async (at) => life.act(chief, 'recall', at(chief)) });
      return { label: `${target}:waiting`, daysAgo: days[target], steps };
    }
    if (target === 'waiting') return { label: target, daysAgo: days[target], steps };
    steps.push({ run: async (at) => life.act(engineer, 'take', at(engineer)) });
    steps.push(comment(engineer, 'Заявка принята в работу, выезд запланирован на ближайший рабочий день.', [court]));
    steps.push({ run: async (at) => life.save(engineer, progressFields(life.state!), at(engineer)) });
    if (target === 'recalled') {
      steps.push({ run: async (at) => life.act(chief, 'recall', at(chief)) });
      return { label: `${target}:performing`, daysAgo: days[target], steps };
    }
    if (target === 'to-hotline') {
      const hotlinegas_number = this.nextHotline();
      steps.push({
        run: async (at) =>
          life.save(engineer, { result: RequestResult.PASSED_TO_HOT_LINE, note: 'Ошибка на стороне сервера подсистемы, требуется участие ГЛ.', hotlinegas_number }, at(engineer)),
      });
      steps.push(comment(engineer, 'Передано на горячую линию, приложен протокол диагностики.', [this.u.senior], async () => [
        await storeDemoFile(this.ctx, 'протокол_диагностики.docx', DOCX_MIME, await demoNoteDocx('Протокол диагностики', [`Заявка № ${life.number}`, 'Ошибка воспроизводится при сохранении карточки дела.'])),
      ]));
      return { label: target, daysAgo: days[target], steps };
    }
    if (target === 'performing') return { label: target, daysAgo: days[target], steps };
    const hotline = this.nextHotline();
    // About one in seven performed requests ends as a write-off (act СО-7, for hard repairs); the branch's
    // first performed hard repair always does, so the write-off report (enclosure 1) has a row whatever
    // the generator draws (the draw stays, so the rest of the demo is as before).
    const performs = target === 'closed' || target === 'performed';
    const drawn = performs && this.rnd() < 0.15;
    const branchRepair = performs && kind === RequestKind.REPAIR_HARD && !o.region;
    const dismiss = drawn || (branchRepair && !this.branchWriteOff);
    if (dismiss && branchRepair) this.branchWriteOff = true;
    steps.push({ run: async (at) => life.save(engineer, { hotlinegas_number: hotline }, at(engineer)) });
    const perform: Step = {
      run: async (at) => {
        const c = at(engineer);
        const input = await performInput(this.ctx, life.state!, unit, { date: toDateOnly(c.now), hotline, dismiss, signers: this.signers(engineer) });
        await life.save(engineer, input.request, c, input);
      },
    };
    steps.push(perform);
    steps.push(comment(engineer, 'Работы выполнены, акт приложен в разделе «Документы». Прошу закрыть заявку.', [chief]));
    if (target === 'performed') return { label: target, daysAgo: days[target], steps };
    if (target === 'reexecuted') {
      steps.push(comment(chief, 'Суд сообщает, что проблема повторилась. Возвращаю на повторное исполнение.', [engineer]));
      steps.push({ run: async (at) => life.act(chief, 'reexecute', at(chief)) });
      steps.push({ run: async (at) => life.act(engineer, 'take', at(engineer)) });
      steps.push({
        run: async (at) => {
          const c = at(engineer);
          const redo = life.state!.request_kind_id === RequestKind.REPAIR_HARD
            ? { date_repair_d: toDateOnly(c.now), comment_after: 'Повторно заменён узел, проведена проверка под нагрузкой.' }
            : { result: RequestResult.FULFILLED, result_type: PerformType.WITH_VISIT, note: 'Повторно выполнены работы, проблема устранена.' };
          await life.save(engineer, redo, c);
        },
      });
    }
    steps.push({ run: async (at) => life.act(chief, 'complete', at(chief)) });
    if (!o.region && this.rnd() < 0.5) steps.push(comment(chief, 'Заявка закрыта, акт направлен на подпись.', [this.u.signer]));
    if (target === 'resumed') {
      steps.push({ gapHours: [1, 20], run: async (at) => life.act(chief, 'cancel-execution', at(chief)) });
      steps.push(comment(chief, 'Исполнение отменено: в акте неверно указан инвентарный номер, исправьте и приложите акт заново.', [engineer]));
      return { label: target, daysAgo: days[target], steps };
    }
    // Closed requests were read by everyone notified about them, but the signer: its acts still await signing.
    steps.push({
      gapHours: [1, 24],
      run: async (at) => {
        for (const user of notified) if (user !== this.u.signer) await life.read(user, at(user));
      },
    });
    return { label: target, daysAgo: days[target], steps };
  }

  /** A hot line request of the head performer: registered by the senior, taken and fulfilled by the hot line. */
  hotline(o: { unit: DemoUnit; target: HotlineTarget; worker: DemoUser }): Plan {
    const { unit, target, worker } = o;
    const senior = this.u.senior;
    const life = new DemoRequest(this.ctx, unit);
    this.lives.push(life);
    const steps: Step[] = [];
    const fields = {
      ...DemoRequest.contactFields(unit, this.courtAccounts(), 'Администратор ГАС суда'),
      ...registrationFields(RequestKind.SPECIAL_SOFTWARE, unit, (l) => this.pick(l), this.programs(), this.repaired),
      request_performer_kind: PerformerKind.SENIOR,
      hotlinegas_number: this.nextHotline(),
    };
    steps.push({ run: async (at) => life.register(senior, fields, at(senior)) });
    if (this.rnd() < 0.5) steps.push({ gapHours: [0.5, 4], run: async (at) => life.act(senior, 'assign', at(senior), [worker]) });
    if (target === 'waiting') {
      steps.push({ gapHours: [0.2, 2], run: async (at) => life.comment(senior, 'Прошу взять в работу в приоритетном порядке.', [worker], at(senior)) });
      return { label: `hotline:${target}`, daysAgo: hotlineDays[target], steps };
    }
    steps.push({ run: async (at) => life.act(worker, 'hotline-take', at(worker)) });
    const shot = this.screenshot();
    steps.push({
      gapHours: [0.2, 3],
      run: async (at) => life.comment(worker, 'Запрошены журналы сервера приложений, ожидаем ответ суда.', [senior], at(worker), [await shot()]),
    });
    if (target === 'performing') return { label: `hotline:${target}`, daysAgo: hotlineDays[target], steps };
    const fulfil: Step = {
      run: async (at) => {
        const c = at(worker);
        await life.save(worker, {
          hotline_result_id: HotlineResult.FULFILLED,
          hotline_result_type: PerformType.WITHOUT_VISIT,
          hotline_result_date: toDateOnly(c.now),
          hotline_work_description: 'Исправлена конфигурация сервера приложений, проверено сохранение.',
          instructed_person: 'Проблема устранена, просим проверить работу подсистемы.',
        }, c);
      },
    };
    steps.push(fulfil);
    if (target === 'performed') return { label: `hotline:${target}`, daysAgo: hotlineDays[target], steps };
    if (target === 'reexecuted') {
      steps.push({ run: async (at) => life.act(senior, 'hotline-reexecute', at(senior)) });
      steps.push({ run: async (at) => life.act(worker, 'hotline-take', at(worker)) });
    }
    steps.push({ run: async (at) => life.act(senior, 'hotline-fulfil', at(senior)) });
    return { label: `hotline:${target}`, daysAgo: hotlineDays[target], steps };
  }

  /** The chief's group creation for several courts (a letter attached), two of its requests then taken. */
  group(units: DemoUnit[], engineer: DemoUser): Plan {
    const chief = this.u.chief;
    let lives: DemoRequest[] = [];
    const steps: Step[] = [
      {
        run: async (at) => {
          const letter = await storeDemoFile(this.ctx, 'письмо_об_обновлении_ПО.docx', DOCX_MIME, await demoNoteDocx('Письмо об обновлении программного обеспечения', ['Прошу обеспечить установку обновления антивирусных баз и ОС на всех АРМ судов.']));
          lives = await demoGroup(this.ctx, chief, units, 'Установить обновление антивирусного ПО и операционной системы на всех АРМ суда.', at(chief), [letter]);
          this.lives.push(...lives);
        },
      },
      { run: async (at) => lives[0]!.act(engineer, 'take', at(engineer)) },
      { run: async (at) => lives[1]!.act(engineer, 'take', at(engineer)) },
    ];
    return { label: 'group', daysAgo: [4, 6], steps };
  }
}
