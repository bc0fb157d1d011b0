import { useState } from 'react'
import { MASKED_FIELDS, type MaskName } from '~/lib/ui/masked-fields.ts'
import { TextInput, type TextInputProps } from './text-input.tsx'

type MaskedInputProps = Omit<TextInputProps, 'type' | 'resize' | 'rows' | 'maxLength' | 'inputMode' | 'value' | 'defaultValue' | 'onChange'> & {
  mask: MaskName
  /** Controlled use: pass value with onValueChange; otherwise defaultValue starts it. */
  value?: string
  defaultValue?: string
  onValueChange?: (masked: string) => void
}

/**
 * A text input that masks what is typed (CNPJ, CEP, cellphone, NCM) and never
 * takes more than the mask's length. Without JavaScript the max length still holds and the
 * server gets the text as typed.
 */
export function MaskedInput({ mask, value, defaultValue, onValueChange, placeholder, ...rest }: MaskedInputProps) {
  const field = MASKED_FIELDS[mask]
  const [own, setOwn] = useState(() => field.mask(defaultValue ?? ''))
  return (
    <TextInput
      {...rest}
      value={value === undefined ? own : field.mask(value)}
      maxLength={field.maxLength}
      inputMode={field.inputMode}
      placeholder={placeholder ?? field.placeholder}
      onChange={(event) => {
        const masked = field.mask(event.currentTarget.value)
        if (value === undefined) setOwn(masked)
        onValueChange?.(masked)
      }}
    />
  )
}
