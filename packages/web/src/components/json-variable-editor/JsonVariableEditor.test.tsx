import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JsonVariableEditor } from './JsonVariableEditor';
import { convertVariableValue } from './variable-value';

describe('convertVariableValue (SPEC §2 JSON variable editor)', () => {
  it.each([
    ['', ''],
    ['true', true],
    ['false', false],
    ['null', null],
    ['42', 42],
    ['-3.5', -3.5],
    ['Sword of Dawn', 'Sword of Dawn'],
    ['12 apples', '12 apples'],
  ])('turns %j into %j', (text, expected) => {
    expect(convertVariableValue(text)).toBe(expected);
  });
});

function Harness({ initial = {} }: { initial?: Record<string, unknown> }) {
  const [value, setValue] = useState<Record<string, unknown>>(initial);
  return (
    <>
      <JsonVariableEditor value={value} onChange={setValue} label="Attributes" />
      <output data-testid="json">{JSON.stringify(value)}</output>
    </>
  );
}

describe('JsonVariableEditor', () => {
  it('adds variables with converted values', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const add = async (name: string, value: string) => {
      await user.type(screen.getByLabelText('New variable name'), name);
      if (value) await user.type(screen.getByLabelText('Value'), value);
      await user.click(screen.getByRole('button', { name: 'Add variable' }));
    };
    await add('strength', '14');
    await add('cursed', 'false');
    await add('title', 'Knight');
    await add('mentor', 'null');
    await add('nickname', '');
    expect(JSON.parse(screen.getByTestId('json').textContent)).toEqual({
      strength: 14,
      cursed: false,
      title: 'Knight',
      mentor: null,
      nickname: '',
    });
  });

  it('alerts when the name is empty', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Value'), '3');
    await user.click(screen.getByRole('button', { name: 'Add variable' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The variable "Name" cannot be empty.');
    expect(screen.getByTestId('json')).toHaveTextContent('{}');
  });

  it('alerts when the name already exists and keeps the old value', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ strength: 10 }} />);
    await user.type(screen.getByLabelText('New variable name'), 'strength');
    await user.type(screen.getByLabelText('Value'), '99');
    await user.click(screen.getByRole('button', { name: 'Add variable' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A variable named "strength" already exists. Please use a unique name.');
    expect(screen.getByTestId('json')).toHaveTextContent('{"strength":10}');
  });

  it('edits an existing value on blur and removes a variable', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ strength: 10, alive: true }} />);
    const value = screen.getByLabelText('Value of strength');
    await user.clear(value);
    await user.type(value, '12');
    await user.tab();
    expect(screen.getByTestId('json')).toHaveTextContent('{"strength":12,"alive":true}');
    const row = screen.getByRole('row', { name: /alive/ });
    await user.click(within(row).getByRole('button', { name: 'Remove alive' }));
    expect(screen.getByTestId('json')).toHaveTextContent('{"strength":12}');
  });
});
