export { ChoiceSelect, IdMultiSelect, IdSelect, yesNoChoices, type Choice, type ChoiceSelectProps, type IdMultiSelectProps, type IdSelectProps } from './select-fields';
export { ExactTextFilter, NumberFilter, TextFilter, type ExactTextFilterProps, type NumberFilterProps, type TextFilterProps } from './text-fields';
export { DateOrFlagFilter, DateRange, type DateOrFlag, type DateOrFlagFilterProps, type DateRangeProps } from './date-fields';
export { Flag, type FlagProps } from './flag';
