/** Reading the relationship type of another tool's free relation text (SPEC §5 relationship types). */
import type { RelationshipType } from '@loreforge/contract';

/** Keyword rules from free relation text (Kanka's `relation`, an OnlyWorlds relation's subtype and name) to SPEC §5 types. */
const RELATION_KEYWORDS: Array<[RegExp, RelationshipType]> = [
  [/\b(mother|father|parent|mum|mom|dad)\b/i, 'Parent to'],
  [/\b(son|daughter|child|ward)\b/i, 'Child of'],
  [/\b(sister|brother|sibling|twin)\b/i, 'Sibling of'],
  [/\b(aunt|uncle|niece|nephew|cousin|grand\w*)\b/i, 'extended_family'],
  [/\b(adoptive|foster|like family)\b/i, 'like_family'],
  [/\b(wife|husband|spouse|family)\b/i, 'immediate_family_general'],
  [/\b(best friend|friend|ally|companion|comrade)\b/i, 'friend'],
  [/\b(acquaint\w*|colleague)\b/i, 'acquaintence'],
  [/\b(knows|aware|heard of)\b/i, 'aware of'],
];

/**
 * The relationship type free relation text reads as: the first rule whose keyword it holds (mother → Parent to,
 * sister → Sibling of, aunt → extended_family, friend → friend, …), Stranger (SPEC §5's default) when none fits.
 */
export function relationshipTypeOf(relation: string | null | undefined): RelationshipType {
  const text = relation ?? '';
  return RELATION_KEYWORDS.find(([pattern]) => pattern.test(text))?.[1] ?? 'Stranger';
}
