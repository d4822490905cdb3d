import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BacklinksResponse, Character } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { addMember } from '../../../test/factories/member.js';
import type { TestUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

/** A mention span as the editor writes it. */
const mention = (type: string, id: string, label: string): string =>
  `<span data-type="mention" data-entity-type="${type}" data-id="${id}">${label}</span>`;

/** Hostile rich text and what must never come back from it. */
const HOSTILE: Array<{ name: string; html: string; forbidden: RegExp[] }> = [
  { name: 'a script tag', html: '<p>Hi<script>alert(1)</script></p>', forbidden: [/<script/i, /alert/] },
  {
    name: 'an event handler',
    html: '<p onclick="alert(1)">Hi</p><img src="https://example.com/a.png" onerror="alert(1)">',
    forbidden: [/onclick/i, /onerror/i],
  },
  {
    name: 'a javascript: link',
    html: '<a href="javascript:alert(1)">Hi</a><a href="JaVaScRiPt:alert(1)">again</a>',
    forbidden: [/javascript:/i],
  },
  {
    name: 'a data: link and image',
    html: '<a href="data:text/html,<script>alert(1)</script>">Hi</a><img src="data:image/png;base64,AAAA">',
    forbidden: [/data:/i, /<img/],
  },
  { name: 'a vbscript: link', html: '<a href="vbscript:msgbox(1)">Hi</a>', forbidden: [/vbscript:/i, /href/] },
  {
    name: 'SVG with script',
    html: '<svg onload="alert(1)"><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg><p>Hi</p>',
    forbidden: [/<svg/i, /alert/, /javascript/i],
  },
  {
    name: 'style attributes and tags',
    html: '<p style="background:url(javascript:alert(1))">Hi</p><style>p{}</style>',
    forbidden: [/style/i, /javascript/i],
  },
  {
    name: 'nested and malformed tags',
    html: '<<script>script>alert(1)<</script>/script><p><b><i>Hi</p></b><iframe src="https://evil.example"></iframe>',
    forbidden: [/<script/i, /<iframe/i],
  },
  { name: 'a protocol-relative link', html: '<a href="//evil.example/x">Hi</a>', forbidden: [/evil\.example/] },
  { name: 'an http image', html: '<p>Hi</p><img src="http://insecure.example/a.png">', forbidden: [/<img/] },
];

describe.each(DIALECTS)('rich text and mentions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const send = async <T>(user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, status?: number) => {
    const response = await t.app.inject({ method, url: `/api${url}`, headers: user.headers, ...(payload ? { payload } : {}) });
    if (status !== undefined) expect(response.statusCode, response.body).toBe(status);
    return (response.body === '' ? undefined : response.json()) as T;
  };

  /** Oz with a public Dorothy and Toto, a secret Wizard, a player and a viewer. */
  async function oz() {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    const player = await addMember(t.app, owner, world.worldId, 'player');
    const viewer = await addMember(t.app, owner, world.worldId, 'viewer');
    const base = `/worlds/${world.worldId}`;
    const dorothy = await send<Character>(
      owner,
      'POST',
      `${base}/characters`,
      { name: 'Dorothy', description: 'A girl from Kansas.' },
      201,
    );
    const toto = await send<Character>(owner, 'POST', `${base}/characters`, { name: 'Toto' }, 201);
    const wizard = await send<Character>(owner, 'POST', `${base}/characters`, { name: 'Oscar Diggs', visibility: 'editors' }, 201);
    return { world, owner, player, viewer, base, dorothy, toto, wizard };
  }

  describe('sanitising on write', () => {
    it.each(HOSTILE)('neutralises $name and keeps the readable text', async ({ html, forbidden }) => {
      const w = await oz();
      const created = await send<Character>(w.owner, 'POST', `${w.base}/characters`, { name: 'Hostile', descriptionHtml: html }, 201);
      const read = await send<Character>(w.owner, 'GET', `${w.base}/characters/${created.characterId}`, undefined, 200);
      for (const answer of [created, read]) {
        for (const pattern of forbidden) expect(answer.descriptionHtml ?? '').not.toMatch(pattern);
        expect(answer.description ?? '').not.toMatch(/<script/i);
      }
    });

    it('keeps headings, emphasis, lists, quotes, tables, safe links and https images', async () => {
      const w = await oz();
      const html =
        '<h2>Road</h2><p><strong>Yellow</strong> <em>brick</em></p><ul><li>Lion</li></ul><blockquote>There is no place like home.</blockquote>' +
        '<table><tbody><tr><th>Who</th><td>Dorothy</td></tr></tbody></table><a href="https://oz.example/map">map</a><img src="https://oz.example/road.png" alt="road">';
      const created = await send<Character>(w.owner, 'POST', `${w.base}/characters`, { name: 'Guide', descriptionHtml: html }, 201);
      expect(created.descriptionHtml).toContain('<h2>Road</h2>');
      expect(created.descriptionHtml).toContain('<strong>Yellow</strong>');
      expect(created.descriptionHtml).toContain('<blockquote>');
      expect(created.descriptionHtml).toContain('<td>Dorothy</td>');
      expect(created.descriptionHtml).toContain('<a href="https://oz.example/map" rel="noopener noreferrer nofollow">map</a>');
      expect(created.descriptionHtml).toContain('<img src="https://oz.example/road.png" alt="road" />');
      expect(created.description).toContain('Yellow brick');
      expect(created.description).toContain('There is no place like home.');
    });

    it('escapes a plain description from an older client into paragraphs, and keeps formatting when only another field changes', async () => {
      const w = await oz();
      const plain = await send<Character>(
        w.owner,
        'POST',
        `${w.base}/characters`,
        { name: 'Plain', description: 'Line <b>one</b>\n\nTwo' },
        201,
      );
      expect(plain.descriptionHtml).toBe('<p>Line &lt;b&gt;one&lt;/b&gt;</p><p>Two</p>');
      const rich = await send<Character>(
        w.owner,
        'POST',
        `${w.base}/characters`,
        { name: 'Rich', descriptionHtml: '<p><em>Brave</em> lion</p>' },
        201,
      );
      expect(rich.description).toBe('Brave lion');
      const renamed = await send<Character>(
        w.owner,
        'PUT',
        `${w.base}/characters/${rich.characterId}`,
        { name: 'Lion', description: 'Brave lion' },
        200,
      );
      expect(renamed.descriptionHtml).toBe('<p><em>Brave</em> lion</p>');
      const rewritten = await send<Character>(
        w.owner,
        'PUT',
        `${w.base}/characters/${rich.characterId}`,
        { name: 'Lion', description: 'Cowardly lion' },
        200,
      );
      expect(rewritten.descriptionHtml).toBe('<p>Cowardly lion</p>');
    });

    it('refuses rich text whose text is longer than a description may be, with a message', async () => {
      const w = await oz();
      const response = await t.app.inject({
        method: 'POST',
        url: `/api${w.base}/characters`,
        headers: w.owner.headers,
        payload: { name: 'Long', descriptionHtml: `<p>${'a'.repeat(20_001)}</p>` },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('Description must be no more than 20000 characters.');
    });
  });

  describe('mentions', () => {
    it('renders the current name for the owner and plain text without link or id for a player who may not see the target', async () => {
      const w = await oz();
      const html = `<p>${mention('character', w.dorothy.characterId, 'Dorothy')} met ${mention('character', w.wizard.characterId, 'the Wizard')}.</p>`;
      const scarecrow = await send<Character>(w.owner, 'POST', `${w.base}/characters`, { name: 'Scarecrow', descriptionHtml: html }, 201);
      await send(w.owner, 'PUT', `${w.base}/characters/${w.dorothy.characterId}`, { name: 'Dorothy Gale' }, 200);

      const forOwner = await send<Character>(w.owner, 'GET', `${w.base}/characters/${scarecrow.characterId}`, undefined, 200);
      expect(forOwner.descriptionHtml).toContain(`data-id="${w.dorothy.characterId}">Dorothy Gale</span>`);
      expect(forOwner.descriptionHtml).toContain(`data-id="${w.wizard.characterId}">Oscar Diggs</span>`);

      for (const reader of [w.player, w.viewer]) {
        const one = await send<Character>(reader, 'GET', `${w.base}/characters/${scarecrow.characterId}`, undefined, 200);
        const list = await send<{ data: Character[] }>(reader, 'GET', `${w.base}/characters?search=Scarecrow`, undefined, 200);
        for (const answer of [one, list.data[0]]) {
          expect(answer?.descriptionHtml).toContain(`data-id="${w.dorothy.characterId}">Dorothy Gale</span>`);
          expect(answer?.descriptionHtml).toContain(' met the Wizard.');
          expect(JSON.stringify(answer)).not.toContain(w.wizard.characterId);
        }
        const search = await t.app.inject({ url: `/api${w.base}/search?q=wizard`, headers: reader.headers });
        expect(search.body).not.toContain(w.wizard.characterId);
        expect(search.body).not.toContain('Oscar');
      }
    });

    it('stores a mention of a missing entity, of another world or of a malformed id as its plain label', async () => {
      const w = await oz();
      const other = await createWorld(t.app, { name: 'Kansas', owner: w.owner });
      const auntEm = await send<Character>(w.owner, 'POST', `/worlds/${other.world.worldId}/characters`, { name: 'Aunt Em' }, 201);
      const fake = '0b7f6a4e-1f0c-4c3e-9a53-6d1f3f0a9b11';
      const html =
        `<p>${mention('character', fake, 'Nobody')} and ${mention('character', auntEm.characterId, 'Aunt Em')} and ` +
        `<span data-type="mention" data-entity-type="character" data-id="not-an-id">Broken</span> and ${mention('spell', w.dorothy.characterId, 'Odd')}</p>`;
      const created = await send<Character>(w.owner, 'POST', `${w.base}/characters`, { name: 'Liar', descriptionHtml: html }, 201);
      expect(created.descriptionHtml).not.toContain('data-id');
      expect(created.description).toBe('Nobody and Aunt Em and Broken and Odd');
      const backlinks = await send<BacklinksResponse>(
        w.owner,
        'GET',
        `/worlds/${other.world.worldId}/characters/${auntEm.characterId}/backlinks`,
        undefined,
        200,
      );
      expect(backlinks.data).toEqual([]);
    });

    it('leaves readable plain text when the mentioned entity is deleted', async () => {
      const w = await oz();
      const html = `<p>Loves ${mention('character', w.toto.characterId, 'Toto')}</p>`;
      const dorothy = await send<Character>(
        w.owner,
        'PUT',
        `${w.base}/characters/${w.dorothy.characterId}`,
        { name: 'Dorothy', descriptionHtml: html },
        200,
      );
      expect(dorothy.descriptionHtml).toContain('data-entity-type="character"');
      await send(w.owner, 'DELETE', `${w.base}/characters/${w.toto.characterId}`, undefined, 204);
      const after = await send<Character>(w.owner, 'GET', `${w.base}/characters/${w.dorothy.characterId}`, undefined, 200);
      expect(after.descriptionHtml).toBe('<p>Loves Toto</p>');
    });
  });

  describe('GET …/backlinks', () => {
    it('lists the entities that mention a character, only those the reader may see, and follows edits', async () => {
      const w = await oz();
      const link = mention('character', w.dorothy.characterId, 'Dorothy');
      const scarecrow = await send<Character>(
        w.owner,
        'POST',
        `${w.base}/characters`,
        { name: 'Scarecrow', descriptionHtml: `<p>Follows ${link}</p>` },
        201,
      );
      await send(
        w.owner,
        'PUT',
        `${w.base}/characters/${w.wizard.characterId}`,
        { name: 'Oscar Diggs', descriptionHtml: `<p>Fears ${link}</p>` },
        200,
      );
      const url = `${w.base}/characters/${w.dorothy.characterId}/backlinks`;

      const forOwner = await send<BacklinksResponse>(w.owner, 'GET', url, undefined, 200);
      expect(forOwner.data.map((b) => b.name)).toEqual(['Oscar Diggs', 'Scarecrow']);
      expect(forOwner.data[1]).toEqual({ type: 'character', id: scarecrow.characterId, parentId: null, name: 'Scarecrow' });
      const forPlayer = await send<BacklinksResponse>(w.player, 'GET', url, undefined, 200);
      expect(forPlayer.data.map((b) => b.name)).toEqual(['Scarecrow']);

      await send(
        w.owner,
        'PUT',
        `${w.base}/characters/${scarecrow.characterId}`,
        { name: 'Scarecrow', descriptionHtml: '<p>Follows nobody</p>' },
        200,
      );
      expect((await send<BacklinksResponse>(w.owner, 'GET', url, undefined, 200)).data.map((b) => b.name)).toEqual(['Oscar Diggs']);
    });

    it('answers 404 for a character the reader may not see', async () => {
      const w = await oz();
      const response = await t.app.inject({ url: `/api${w.base}/characters/${w.wizard.characterId}/backlinks`, headers: w.player.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe('Character not found.');
    });
  });
});
