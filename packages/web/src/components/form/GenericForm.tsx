import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { MESSAGES, mustBeChecked } from '@loreforge/contract';
import { ApiError, StaleVersionError, handleError } from '../../api/client';
import { ErrorAlert } from '../ErrorAlert';
import { ACCESS_NAMES, AccessFieldset, accessValues, type AccessFormTarget } from '../access/AccessFieldset';
import { RoleRefusal } from '../access/IfAllowed';
import { useWorldAccess } from '../../hooks/useWorldAccess';
import { plainToRichText } from '../rich-text/rich-text-dom';
import { RichTextField } from '../rich-text/RichTextField';
import { prepareValues, richTextHtmlName } from './prepare-values';
import type { FieldConfig } from './types';

/** SPEC §8 messages for a form that is wired wrongly; shown instead of a broken form. */
export const FORM_SCHEMA_MISSING = 'Form schema is not defined correctly.';
/** SPEC §8: 'Custom component not provided for {field}'. */
export const customComponentMissing = (field: string): string => `Custom component not provided for ${field}`;

/** A range field's current value beside the slider, kept current with `useWatch` as it moves. */
function RangeValue({ control, name, htmlFor }: { control: Control; name: string; htmlFor: string }) {
  const value: unknown = useWatch({ control, name });
  return (
    <output htmlFor={htmlFor} className="fw-semibold" style={{ minWidth: '2ch' }}>
      {typeof value === 'string' || typeof value === 'number' ? value : ''}
    </output>
  );
}

/** Props of {@link GenericForm}. */
export interface GenericFormProps<S extends z.ZodType> {
  /** The contract schema that validates the prepared values (e.g. WorldCreateSchema). */
  schema: S | undefined;
  fields: readonly FieldConfig[];
  /** Initial input values by field name (strings for text and numbers, booleans for checkboxes). */
  defaultValues?: Record<string, unknown> | undefined;
  /** Receives the schema's output; a returned promise is awaited, and its rejection shown above the buttons (SPEC §8). */
  onSubmit: (values: z.output<S>) => unknown;
  submitLabel?: string;
  /** Adds a Cancel button. */
  onCancel?: (() => void) | undefined;
  /** Message when a failure carries no text; default 'Submission failed. Please try again.' */
  failureFallback?: string;
  /** Extra content after the fields, before the buttons. */
  children?: ReactNode;
  /** Compact layout for popovers. */
  compact?: boolean;
  /**
   * An entity form of a world: its editors also get Visibility, Revealed To and GM Notes (issue 11), sent
   * with the schema's output. A member whose role may not write the entity (create: editors; edit: editors, and
   * a player the character assigned to them) gets the server's refusal and the way back instead of the form.
   */
  access?: AccessFormTarget | undefined;
}

/**
 * A form built from field configs and validated with a contract schema, so the browser shows the server's
 * wording (SPEC §5). Before validation values are prepared: unchecked checkboxes → false, numeric strings →
 * numbers, empty optional numbers omitted, JSON text parsed. Field messages show under each input; a failed
 * submit shows the server message, else the error text, else 'Submission failed. Please try again.'
 * (SPEC §8), and server field messages land on their inputs. When someone else changed the entity first
 * (409 to an If-Match edit), the server's message comes with a Reload button that shows their version. Text areas default to 3 rows.
 * With `access`, a member who may not write the entity sees {@link RoleRefusal} (going back through `onCancel`)
 * rather than a form whose save would be refused (issue 11).
 */
export function GenericForm<S extends z.ZodType>(props: GenericFormProps<S>) {
  if (!props.access) return <FormBody {...props} />;
  return (
    <WriteGate target={props.access} onCancel={props.onCancel}>
      <FormBody {...props} />
    </WriteGate>
  );
}

/** Shows an entity form only to a member who may write the entity (issue 11); anyone else gets the refusal. */
function WriteGate({ target, onCancel, children }: { target: AccessFormTarget; onCancel?: (() => void) | undefined; children: ReactNode }) {
  const writer = useWorldAccess(target.worldId);
  return writer.canEdit(target.entity) ? children : <RoleRefusal back={onCancel} />;
}

function FormBody<S extends z.ZodType>(props: GenericFormProps<S>) {
  const { schema, fields, defaultValues, onSubmit, submitLabel = 'Save', onCancel, failureFallback, children, compact, access } = props;
  const formId = useId();
  const [submitError, setSubmitError] = useState<string | null>(null);

  // The resolver depends on whether the access fieldset is shown and on the entity it starts from, not on the
  // identity of the `access` object, which callers build afresh on each render.
  const accessShown = access !== undefined;
  const accessEntity = access?.entity;
  const resolver = useMemo<Resolver>(() => {
    return async (values, context, options) => {
      const prepared = prepareValues(fields, values);
      const checkboxErrors: Record<string, { type: string; message: string }> = {};
      for (const field of fields) {
        if (field.type === 'checkbox' && field.mustBeChecked && prepared[field.name] !== true) {
          checkboxErrors[field.name] = { type: 'required', message: mustBeChecked(field.label) };
        }
      }
      if (!schema) return { values: {}, errors: { root: { type: 'schema', message: FORM_SCHEMA_MISSING } } };
      const parsed = await (zodResolver(schema as never) as Resolver)(prepared, context, options);
      // The access fields are not part of an entity's schema: they go along only when the fieldset was shown.
      // The access fields go along only when the fieldset was shown and an editor changed them (absent means
      // "keep as is" to the server), whether or not the entity's schema also knows them.
      let result: typeof parsed = parsed;
      // A rich text field's HTML travels beside its plain text, whether or not the form's schema knows it.
      if (Object.keys(parsed.errors).length === 0) {
        const html = Object.fromEntries(
          fields
            .filter((field) => field.type === 'richtext' && typeof prepared[richTextHtmlName(field.name)] === 'string')
            .map((field) => [richTextHtmlName(field.name), prepared[richTextHtmlName(field.name)]]),
        );
        result = { values: { ...(parsed.values as Record<string, unknown>), ...html }, errors: {} };
      }
      if (accessShown && Object.keys(parsed.errors).length === 0) {
        const rest = Object.fromEntries(
          Object.entries(result.values as Record<string, unknown>).filter(([key]) => !(ACCESS_NAMES as readonly string[]).includes(key)),
        );
        result = { values: { ...rest, ...accessValues(values, accessEntity) }, errors: {} };
      }
      if (Object.keys(checkboxErrors).length === 0) return result;
      return { values: {}, errors: { ...result.errors, ...checkboxErrors } };
    };
  }, [fields, schema, accessShown, accessEntity]);

  const initialValues = useMemo(() => {
    const values: Record<string, unknown> = {};
    for (const field of fields) {
      if (field.type === 'checkbox') values[field.name] = false;
      else if (field.type === 'range') values[field.name] = String(field.min ?? 0);
      else values[field.name] = '';
    }
    const merged: Record<string, unknown> = { ...values, ...defaultValues };
    // A rich text field starts from the entity's HTML, or from its plain text as paragraphs; the HTML's own
    // key is not a field of the form.
    const htmlNames = new Set<string>();
    for (const field of fields) {
      if (field.type !== 'richtext') continue;
      const html = merged[richTextHtmlName(field.name)];
      merged[field.name] =
        typeof html === 'string' && html !== ''
          ? html
          : plainToRichText(typeof merged[field.name] === 'string' ? (merged[field.name] as string) : '');
      htmlNames.add(richTextHtmlName(field.name));
    }
    return Object.fromEntries(Object.entries(merged).filter(([key]) => !htmlNames.has(key)));
  }, [fields, defaultValues]);

  const form = useForm({ resolver, defaultValues: initialValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { register, handleSubmit, formState, setError, control } = form;

  // After a 409 (someone else saved first) the person may reload: the entity is refetched and, once its new
  // values arrive as defaultValues, the form shows them instead of the stale ones.
  const [reload, setReload] = useState<(() => Promise<void>) | null>(null);
  // The values shown when Reload was pressed (as JSON), until other values arrive; null when not reloading.
  const reloadingFrom = useRef<string | null>(null);
  const defaultsKey = JSON.stringify(initialValues);
  useEffect(() => {
    if (reloadingFrom.current === null || reloadingFrom.current === defaultsKey) return;
    reloadingFrom.current = null;
    form.reset(initialValues);
  }, [defaultsKey, form, initialValues]);

  const handleReload = async () => {
    if (!reload) return;
    reloadingFrom.current = defaultsKey;
    setSubmitError(null);
    setReload(null);
    await reload();
  };

  if (!schema || fields.length === 0) return <ErrorAlert message={FORM_SCHEMA_MISSING} />;

  const submit = handleSubmit(async (values) => {
    setSubmitError(null);
    setReload(null);
    try {
      await onSubmit(values as z.output<S>);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (fields.some((f) => f.name === name)) setError(name, { type: 'server', message });
        }
      }
      setSubmitError(handleError(error, failureFallback ?? MESSAGES.submissionFailed));
      const reloadEntity = error instanceof StaleVersionError ? error.reload : undefined;
      if (reloadEntity) setReload(() => reloadEntity);
    }
  });

  const messageOf = (name: string): string | undefined => {
    const error = formState.errors[name];
    return typeof error?.message === 'string' ? error.message : undefined;
  };

  return (
    <Form noValidate onSubmit={(e) => void submit(e)} aria-busy={formState.isSubmitting}>
      {fields.map((field) => {
        const id = `${formId}-${field.name}`;
        const feedbackId = `${id}-feedback`;
        const helpId = `${id}-help`;
        const message = messageOf(field.name);
        const invalid = Boolean(message);
        const describedBy = [message ? feedbackId : null, field.help ? helpId : null].filter(Boolean).join(' ') || undefined;
        const label = (
          <>
            {field.label}
            {field.required && (
              <span className="text-danger ms-1" aria-hidden="true">
                *
              </span>
            )}
          </>
        );
        const feedback = (
          <>
            {field.help && (
              <Form.Text id={helpId} className="d-block">
                {field.help}
              </Form.Text>
            )}
            {message && (
              <div id={feedbackId} className="invalid-feedback d-block">
                {message}
              </div>
            )}
          </>
        );

        if (field.type === 'checkbox') {
          return (
            <Form.Group key={field.name} className={compact ? 'mb-2' : 'mb-3'}>
              <Form.Check
                id={id}
                type="checkbox"
                label={label}
                isInvalid={invalid}
                aria-describedby={describedBy}
                {...register(field.name)}
              />
              {feedback}
            </Form.Group>
          );
        }

        if (field.type === 'richtext') {
          return (
            <Form.Group key={field.name} className={compact ? 'mb-2' : 'mb-3'}>
              <Form.Label htmlFor={id}>{label}</Form.Label>
              <Controller
                control={control}
                name={field.name}
                render={({ field: controlled }) => (
                  <RichTextField
                    id={id}
                    label={field.label}
                    rows={field.rows}
                    value={typeof controlled.value === 'string' ? controlled.value : ''}
                    onChange={controlled.onChange}
                    onBlur={controlled.onBlur}
                    invalid={invalid}
                    describedBy={describedBy}
                  />
                )}
              />
              {feedback}
            </Form.Group>
          );
        }

        if (field.type === 'custom') {
          if (!field.render) {
            return <ErrorAlert key={field.name} message={customComponentMissing(field.name)} />;
          }
          const render = field.render;
          return (
            <Form.Group key={field.name} className={compact ? 'mb-2' : 'mb-3'}>
              <Form.Label htmlFor={id}>{label}</Form.Label>
              <Controller
                control={control}
                name={field.name}
                render={({ field: controlled }) => (
                  <>
                    {render({
                      id,
                      name: field.name,
                      value: controlled.value,
                      onChange: controlled.onChange,
                      onBlur: controlled.onBlur,
                      invalid,
                      describedBy: feedbackId,
                    })}
                  </>
                )}
              />
              {feedback}
            </Form.Group>
          );
        }

        let control_: ReactNode;
        switch (field.type) {
          case 'textarea':
          case 'json':
            control_ = (
              <Form.Control
                id={id}
                as="textarea"
                rows={field.rows ?? 3}
                placeholder={field.placeholder}
                isInvalid={invalid}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                className={field.type === 'json' ? 'font-monospace' : undefined}
                spellCheck={field.type === 'json' ? false : undefined}
                {...register(field.name)}
              />
            );
            break;
          case 'select':
            control_ = (
              <Form.Select id={id} isInvalid={invalid} aria-invalid={invalid} aria-describedby={describedBy} {...register(field.name)}>
                {!field.required && <option value="">— None —</option>}
                {field.required && (
                  <option value="" disabled>
                    Choose…
                  </option>
                )}
                {(field.options ?? []).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Form.Select>
            );
            break;
          case 'range': {
            control_ = (
              <div className="d-flex align-items-center gap-3">
                <Form.Range
                  id={id}
                  min={field.min}
                  max={field.max}
                  step={field.step ?? 1}
                  aria-describedby={describedBy}
                  {...register(field.name)}
                />
                <RangeValue control={control} name={field.name} htmlFor={id} />
              </div>
            );
            break;
          }
          case 'number':
            control_ = (
              <Form.Control
                id={id}
                type="text"
                inputMode="decimal"
                placeholder={field.placeholder}
                isInvalid={invalid}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                {...register(field.name)}
              />
            );
            break;
          default:
            control_ = (
              <Form.Control
                id={id}
                type={field.type}
                placeholder={field.placeholder}
                autoComplete={field.autoComplete}
                isInvalid={invalid}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                {...register(field.name)}
              />
            );
        }
        return (
          <Form.Group key={field.name} className={compact ? 'mb-2' : 'mb-3'}>
            <Form.Label htmlFor={id}>{label}</Form.Label>
            {control_}
            {feedback}
          </Form.Group>
        );
      })}
      {access && <AccessFieldset control={control} target={access} />}
      {children}
      {typeof formState.errors.root?.message === 'string' && <ErrorAlert message={formState.errors.root.message} />}
      <ErrorAlert message={submitError} onDismiss={() => setSubmitError(null)}>
        {reload && (
          <Button variant="outline-danger" size="sm" className="mt-2" onClick={() => void handleReload()}>
            Reload
          </Button>
        )}
      </ErrorAlert>
      <div className="d-flex gap-2 justify-content-end">
        {onCancel && (
          <Button variant="outline-secondary" onClick={onCancel} disabled={formState.isSubmitting}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
