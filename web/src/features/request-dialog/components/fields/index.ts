export { FieldGrid, Wide } from './field-grid';
export { FormCheckbox } from './form-checkbox';
export { FormDateField } from './form-date-field';
export { FormRadioGroup } from './form-radio-group';
export { enumOptions, FormSelect, type SelectOption } from './form-select';
export { FormTextField } from './form-text-field';
export { ReadOnlyField } from './read-only-field';
export { SectionTitle } from './section-title';
