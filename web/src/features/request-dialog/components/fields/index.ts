import { FormCheckbox as Checkbox, FormDateField as DateField, FormRadioGroup as RadioGroup, FormSelect as Select, FormTextField as TextField } from '@/components/form';
import type { RequestFormValues } from '../../model/form-values';

// The shared form fields (web/src/components/form) bound to the request form, so a field name is
// checked against RequestFormValues. Their edit rules come from the FormEditProvider of the editor.
export const FormCheckbox = Checkbox<RequestFormValues>;
export const FormDateField = DateField<RequestFormValues>;
export const FormRadioGroup = RadioGroup<RequestFormValues>;
export const FormSelect = Select<RequestFormValues>;
export const FormTextField = TextField<RequestFormValues>;
export { enumOptions, FieldGrid, ReadOnlyField, SectionTitle, Wide, type SelectOption } from '@/components/form';
