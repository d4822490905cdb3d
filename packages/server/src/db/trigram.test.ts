import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_DATABASE_URL } from '../../test/dialects.js';
import { innerTrigrams, wordSimilarity } from './trigram.js';

const PAIRS: Array<[string, string]> = [
  ['scarcrow', 'Scarecrow'],
  ['dorthy', 'Dorothy Gale'],
  ['doro', 'Dorothy Gale'],
  ['word', 'two words'],
  ['golden cap', 'The Golden Cap'],
  ['tin man', 'Tin Woodman'],
  ['wizzard', 'The Wizard of Oz'],
  ['emerald', 'Kansas'],
  ['', 'Kansas'],
];

describe('word similarity', () => {
  it('scores a typo, a prefix and an unrelated name as a reader would expect', () => {
    expect(wordSimilarity('doro', 'Dorothy Gale')).toBeGreaterThan(wordSimilarity('dorthy', 'Dorothy Gale'));
    expect(wordSimilarity('dorthy', 'Dorothy Gale')).toBeGreaterThanOrEqual(0.5);
    expect(wordSimilarity('emerald', 'Kansas')).toBe(0);
    expect(innerTrigrams('Oz the great')).toEqual(['the', 'gre', 'rea', 'eat']);
  });
});

describe.runIf(DIALECTS.includes('postgres'))('word similarity against pg_trgm', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
  });
  afterAll(async () => client.end());

  it("equals PostgreSQL's word_similarity, so typo tolerance is the same on both databases", async () => {
    for (const [query, text] of PAIRS) {
      const { rows } = await client.query<{ score: number }>('select public.word_similarity(lower($1), lower($2)) as score', [query, text]);
      expect(wordSimilarity(query, text), `${query} / ${text}`).toBeCloseTo(Number(rows[0]?.score), 5);
    }
  });
});
