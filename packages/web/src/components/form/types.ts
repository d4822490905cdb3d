import type { ReactNode } from 'react';

/** Input kinds the generic form renders. */
export type FieldType =
  | 'text'
  | 'textarea'
  /** Rich text (issue "Linked lore"): edited as HTML, sent as `{name}` (its plain text) and `{name}Html`. */
  | 'richtext'
  | 'email'
  | 'password'
  | 'number'
  | 'range'
  | 'checkbox'
  | 'select'
  | 'datetime-local'
  | 'json'
  | 'custom';

/** What a custom field's renderer receives (e.g. a CharacterPicker or JsonVariableEditor). */
export interface CustomFieldProps {
  id: string;
  name: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  invalid: boolean;
  /** id of the element holding the field's message, for aria-describedby. */
  describedBy: string;
}

/** One field of a generic form. */
export interface FieldConfig {
  /** Property name in the schema and the payload. */
  name: string;
  /** Human label; the contract's messages use the same words ('Name is required.'). */
  label: string;
  type: FieldType;
  /** Shows the required marker; the schema decides what is actually required. */
  required?: boolean;
  /** For a checkbox that must be ticked: '{label} must be checked.' (SPEC §5). */
  mustBeChecked?: boolean;
  placeholder?: string;
  /** A hint under the input. */
  help?: ReactNode;
  /** Textarea rows; default 3 (SPEC §5). */
  rows?: number | undefined;
  /** Select options. */
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** Number and range bounds; a range starts at `min` with step 1 (SPEC §5). */
  min?: number;
  max?: number;
  step?: number;
  autoComplete?: string;
  /** Renderer of a 'custom' field. */
  render?: (props: CustomFieldProps) => ReactNode;
}
