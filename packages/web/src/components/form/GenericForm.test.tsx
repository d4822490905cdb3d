import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { booleanField, emailField, numberField, optionalText, requiredText } from '@loreforge/contract';
import { ApiError } from '../../api/client';
import { GenericForm } from './GenericForm';
import type { FieldConfig } from './types';

const schema = z.object({
  name: requiredText('Name', { min: 3, max: 10 }),
  email: emailField('Email'),
  difficulty: numberField('Difficulty', 1, 10).optional(),
  notes: optionalText('Notes'),
  accept: booleanField('Accept terms'),
  featured: booleanField('Featured'),
});

const fields: FieldConfig[] = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'difficulty', label: 'Difficulty', type: 'number' },
  { name: 'notes', label: 'Notes', type: 'textarea' },
  { name: 'accept', label: 'Accept terms', type: 'checkbox', mustBeChecked: true },
  { name: 'featured', label: 'Featured', type: 'checkbox' },
];

function setup(onSubmit = vi.fn()) {
  const user = userEvent.setup();
  render(<GenericForm schema={schema} fields={fields} onSubmit={onSubmit} submitLabel="Save" />);
  return { user, onSubmit };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Name/), 'Aria');
  await user.type(screen.getByLabelText(/^Email/), 'aria@example.com');
  await user.click(screen.getByLabelText(/Accept terms/));
}

describe('GenericForm messages (SPEC §5 generic form rules)', () => {
  it('says a required field is required and an unchecked required checkbox must be checked', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Accept terms must be checked.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('reports text shorter or longer than allowed', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText(/^Name/), 'Al');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name must be at least 3 characters.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'Alexandrina the Great');
    expect(await screen.findByText('Name must be no more than 10 characters.')).toBeInTheDocument();
  });

  it('reports a malformed email', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email must be a valid email address.')).toBeInTheDocument();
  });

  it('reports a number that is not numeric, too small or too large', async () => {
    const { user } = setup();
    const input = screen.getByLabelText('Difficulty');
    await user.type(input, 'hard');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Difficulty must be a number.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '0');
    expect(await screen.findByText('Difficulty must be at least 1.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '11');
    expect(await screen.findByText('Difficulty must be no more than 10.')).toBeInTheDocument();
  });

  it('sends numbers as numbers, unchecked boxes as false, and leaves out an empty optional number', async () => {
    const { user, onSubmit } = setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0]?.[0] as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'Aria', email: 'aria@example.com', accept: true, featured: false, notes: null });
    expect('difficulty' in sent).toBe(false);

    await user.type(screen.getByLabelText('Difficulty'), '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect((onSubmit.mock.calls[1]?.[0] as Record<string, unknown>).difficulty).toBe(7);
  });

  it('gives text areas 3 rows by default', () => {
    setup();
    expect(screen.getByLabelText('Notes')).toHaveAttribute('rows', '3');
  });

  it('shows the server message of a failed submit and puts server field messages on their inputs', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValue(new ApiError(409, 'CONFLICT', 'That name is taken in this world.', { name: 'Name is already used.' }));
    const { user } = setup(onSubmit);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That name is taken in this world.')).toBeInTheDocument();
    expect(screen.getByText('Name is already used.')).toBeInTheDocument();
  });

  it('falls back to the error text, then to the generic submit failure', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new Error('Disk full'))
      .mockRejectedValueOnce(new ApiError(500, 'INTERNAL_ERROR', ''));
    const { user } = setup(onSubmit);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Disk full')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Submission failed. Please try again.')).toBeInTheDocument();
  });

  it('says so when the form has no schema, and when a custom field has no component', () => {
    const { unmount } = render(<GenericForm schema={undefined} fields={fields} onSubmit={vi.fn()} />);
    expect(screen.getByText('Form schema is not defined correctly.')).toBeInTheDocument();
    unmount();
    render(<GenericForm schema={schema} fields={[{ name: 'picker', label: 'Picker', type: 'custom' }]} onSubmit={vi.fn()} />);
    expect(screen.getByText('Custom component not provided for picker')).toBeInTheDocument();
  });

  it('starts a range slider at its minimum', () => {
    render(
      <GenericForm
        schema={z.object({ level: numberField('Level', 1, 10) })}
        fields={[{ name: 'level', label: 'Level', type: 'range', min: 1, max: 10 }]}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('Level')).toHaveValue('1');
  });
});
