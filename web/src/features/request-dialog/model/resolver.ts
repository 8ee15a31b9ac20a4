import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { ruErrorMap } from '@domain/request/validation';
import type { RequestFormValues } from './form-values';
import { requestFormSchema, type FormValidationContext } from './validation';

/**
 * react-hook-form's resolver: zodResolver over the dialog's schema, built per validation with
 * the form's context (status, creation date, editable fields) and the current time.
 */
export const requestFormResolver: Resolver<RequestFormValues, FormValidationContext> = (values, context, options) => {
  if (!context) throw new Error('The request form needs its validation context');
  const resolve = zodResolver(requestFormSchema(context, new Date().toISOString()), { errorMap: ruErrorMap, path: [], async: false }, { raw: true }) as unknown as Resolver<
    RequestFormValues,
    FormValidationContext
  >;
  return resolve(values, context, options);
};
