import { describe, expect, it } from 'vitest';
import { checkDraft, draftFromPreset, emptyDraft, moveAt, pathWords } from './calendar-draft';

describe('the calendar editor draft', () => {
  it("checks a draft with the API's rules and names the row and field at fault", () => {
    const draft = { ...emptyDraft(), name: 'Ozian' };
    draft.months = draft.months.map((month, index) => (index === 1 ? { ...month, name: 'Month 1' } : month));
    draft.leapRules = [{ name: null, month: 'Smarch', days: 1, every: 4, offset: 0, exceptions: [] }];
    const checked = checkDraft(draft);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.issues.map((issue) => `${issue.where}: ${issue.message}`)).toEqual(
      expect.arrayContaining([
        'Months, row 2, Name: Month "Month 1" appears twice; month names must be unique.',
        'Leap rules, row 1, Month: Month "Smarch" does not exist in this calendar.',
      ]),
    );
  });

  it('asks for a name before the calendar can be saved, but a complete draft gives a body and a definition', () => {
    const unnamed = checkDraft(emptyDraft());
    expect(unnamed.ok ? [] : unnamed.issues.map((issue) => issue.message)).toEqual(['Name is required.']);
    const named = checkDraft({ ...emptyDraft(), name: 'Twelve Thirties' });
    expect(named.ok && named.definition.months).toHaveLength(12);
  });

  it('starts from a preset with every default written out, so the Harptos calendar passes as it is', () => {
    const harptos = draftFromPreset('harptos');
    expect(harptos.name).toBe('Calendar of Harptos');
    expect(harptos.months.find((month) => month.name === 'Shieldmeet')).toMatchObject({ days: 0, intercalary: true });
    expect(checkDraft(harptos).ok).toBe(true);
  });

  it('moves rows within their list, and words paths as people read them', () => {
    expect(moveAt(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveAt(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(pathWords(['eras', 0, 'startYear'])).toBe('Eras, row 1, Start year');
  });
});
