import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useCallback } from 'react'
import type { z } from 'zod'
import { useFormValidity } from './forms.tsx'

/**
 * A Conform form validated with its zod schema as the user types (spec §4), whose
 * submit button stays disabled while any field is invalid. The same schema
 * validates the post on the server.
 */
type FormShape = Record<string, unknown>

export function useValidatedForm<Schema extends z.ZodType<FormShape, FormShape>>(
  schema: Schema,
  options: { id: string; lastResult?: SubmissionResult<string[]> | null; defaultValue?: Partial<z.input<Schema>> },
) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onInput',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const isValid = useCallback(
    (element: HTMLFormElement) => parseWithZod(new FormData(element), { schema }).status === 'success',
    [schema],
  )
  const { formHandlers, submitDisabled } = useFormValidity(isValid)
  return { form, fields, formProps: { ...getFormProps(form), ...formHandlers }, submitDisabled }
}
