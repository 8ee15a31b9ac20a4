import { createContext, useContext, type ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';

/**
 * What a form's fields need besides its values: which fields may be changed now (and which are
 * required), and the one way a change enters the form. The form that owns the fields decides
 * (the request dialog from its editable items and field reactions; the tool card from its own rules),
 * so the fields in this folder serve every card unchanged.
 */
export interface FormEditContextValue {
  /** Whether the field at a form path ('title', 'works.0.cost') may be changed now. */
  readonly isEditable: (path: string) => boolean;
  /** Whether the field is marked required; no field is when absent. */
  readonly isRequired?: (path: string) => boolean;
  /** Sets the value as the user changed it (the owner runs its reactions and validation here). */
  readonly change: (path: string, value: unknown) => void;
}

const FormEditContext = createContext<FormEditContextValue | null>(null);

export interface FormEditProviderProps<T extends FieldValues> {
  /** The react-hook-form form whose control the fields bind to. */
  readonly form: UseFormReturn<T>;
  readonly edit: FormEditContextValue;
  readonly children: ReactNode;
}

/** Gives the fields below the form control and the edit rules. */
export const FormEditProvider = <T extends FieldValues>({ form, edit, children }: FormEditProviderProps<T>) => (
  <FormEditContext.Provider value={edit}>
    <FormProvider {...form}>{children}</FormProvider>
  </FormEditContext.Provider>
);

const useFormEdit = (): FormEditContextValue => {
  const value = useContext(FormEditContext);
  if (!value) throw new Error('a form field outside FormEditProvider');
  return value;
};

/** One field's part of the edit rules. */
export const useFieldEdit = (path: string) => {
  const { isEditable, isRequired, change } = useFormEdit();
  return {
    editable: isEditable(path),
    required: isRequired?.(path) ?? false,
    change: (value: unknown) => change(path, value),
  };
};
