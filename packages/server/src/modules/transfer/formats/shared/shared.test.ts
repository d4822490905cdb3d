/**
 * The pieces every format shares: HTML read as plain text, mentions written and found again, and file names safe
 * on every operating system.
 */
import { describe, expect, it } from 'vitest';
import { safeFileBase, slugify, UniqueNames } from './file-names.js';
import { htmlToText } from './html-text.js';
import { findMentions, mentionsAsRichText, mentionText } from './mentions.js';

describe('htmlToText', () => {
  it('keeps paragraphs, line breaks and list items and drops scripts, styles and tags', () => {
    const html =
      '<h2>Oz</h2><p>Green &amp; <b>bright</b><br>city</p><ul><li>Dorothy</li><li>Toto</li></ul><script>alert(1)</script><style>p{}</style><p onclick="x()">End';
    expect(htmlToText(html)).toBe('Oz\n\nGreen & bright\ncity\n\n- Dorothy\n- Toto\n\nEnd');
  });

  it('reads deeply nested markup without exhausting the stack', () => {
    expect(htmlToText(`${'<div>'.repeat(20_000)}deep${'</div>'.repeat(20_000)}`)).toBe('deep');
  });
});

describe('mentions', () => {
  it('turns text with mentions into escaped paragraphs with mention spans, and leaves text without any alone', () => {
    const id = '0190f3a1-0000-7000-8000-000000000104';
    const text = `Ask <b>${mentionText('character', id, 'Oz <the Great>')}</b>\nnow.\n\nLater.`;
    expect(mentionsAsRichText(text)).toBe(
      `<p>Ask &lt;b&gt;<span data-type="mention" data-entity-type="character" data-id="${id}">Oz &lt;the Great&gt;</span>&lt;/b&gt;<br>now.</p><p>Later.</p>`,
    );
    expect(mentionsAsRichText('No one here.')).toBeNull();
  });

  it('finds a written mention again with its label, type and id, brackets included', () => {
    const text = `Ask ${mentionText('character', '0190f3a1-0000-7000-8000-000000000104', 'Oz [the Great]')} today.`;
    expect(findMentions(text)).toEqual([
      expect.objectContaining({ label: 'Oz [the Great]', type: 'character', id: '0190f3a1-0000-7000-8000-000000000104' }),
    ]);
  });

  it('ignores links to types that cannot be mentioned', () => {
    expect(findMentions('[x](loreforge://user/123)')).toEqual([]);
  });
});

describe('file names', () => {
  it('removes characters Windows refuses, reserved device names and trailing dots', () => {
    expect(safeFileBase('Who/What: "Wizard"?')).toBe('Who What Wizard');
    expect(safeFileBase('NUL')).toBe('NUL_');
    expect(safeFileBase('lpt1.txt')).toBe('lpt1.txt_');
    expect(safeFileBase(' ..hidden.. ')).toBe('hidden');
    expect(safeFileBase('???')).toBe('untitled');
    expect(safeFileBase('x'.repeat(500))).toHaveLength(80);
  });

  it('hands out names unique without regard to case', () => {
    const names = new UniqueNames();
    expect([
      names.take('Characters', 'Dorothy', '.md'),
      names.take('Characters', 'dorothy', '.md'),
      names.take('Items', 'Dorothy', '.md'),
    ]).toEqual(['Characters/Dorothy.md', 'Characters/dorothy (2).md', 'Items/Dorothy.md']);
  });

  it('slugs names to lowercase ASCII', () => {
    expect(slugify('Émerald City!')).toBe('emerald-city');
    expect(slugify('***')).toBe('element');
  });
});
