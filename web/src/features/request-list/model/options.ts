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
import { optionsOf } from '@/components/registry-list';

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
