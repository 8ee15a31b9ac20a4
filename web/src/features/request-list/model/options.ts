import {
  PerformerKind,
  contactKindTitles,
  inspectionAfterTitles,
  inspectionBeforeTitles,
  performTypeTitles,
  performerKindTitles,
  repairResultTitles,
  repairTypeTitles,
  requestKindTitles,
  requestResultTitles,
  requestStatusTitles,
  warrantyKindTitles,
  type RequestResult,
} from '@domain/request/enums';
import { ownerTypeTitles } from '@domain/tool/states';
import type { Option } from './references';

/** A numeric enumeration's titles as choices, in id order. */
export const optionsOf = (titles: Readonly<Record<number, string>>): Option[] =>
  Object.entries(titles)
    .map(([id, title]) => ({ id: Number(id), title }))
    .sort((a, b) => a.id - b.id);

export const kindOptions = optionsOf(requestKindTitles);
export const statusOptions = optionsOf(requestStatusTitles);
export const performTypeOptions = optionsOf(performTypeTitles);
export const contactKindOptions = optionsOf(contactKindTitles);
export const warrantyKindOptions = optionsOf(warrantyKindTitles);
export const inspectionBeforeOptions = optionsOf(inspectionBeforeTitles);
export const inspectionAfterOptions = optionsOf(inspectionAfterTitles);
export const repairTypeOptions = optionsOf(repairTypeTitles);
export const repairResultOptions = optionsOf(repairResultTitles);
export const ownerTypeOptions = optionsOf(ownerTypeTitles);

export const performerKindChoices = [
  { value: PerformerKind.FILIAL, title: performerKindTitles.FILIAL },
  { value: PerformerKind.SENIOR, title: performerKindTitles.SENIOR },
] as const;

export const resultChoices = (Object.entries(requestResultTitles) as Array<[RequestResult, string]>).map(([value, title]) => ({ value, title }));

export const yesNoChoices = [
  { value: true, title: 'Да' },
  { value: false, title: 'Нет' },
] as const;
