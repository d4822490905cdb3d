/** A variable's value as the JSON variable editor stores it. */
export type VariableValue = string | number | boolean | null;

/**
 * Converts typed text to a variable value (SPEC §2 "JSON variable editor"): '' stays '', 'true' and 'false'
 * become booleans, 'null' becomes null, numeric text becomes a number, anything else stays text.
 * @param text what the person typed.
 */
export function convertVariableValue(text: string): VariableValue {
  if (text === '') return '';
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  const trimmed = text.trim();
  if (trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
  return text;
}

/** @returns the text that shows a stored value in an input (the inverse of convertVariableValue). */
export function formatVariableValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** @returns a short type name shown beside a value: text, number, true/false, null or JSON. */
export function describeVariableType(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return 'true/false';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string') return 'text';
  return 'JSON';
}
