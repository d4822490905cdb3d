/**
 * Kanka families and organisations (kanka.mapping.ts): Loreforge has no groups of their own, so a group becomes
 * connections between its member characters (every pair up to MEMBER_PAIRS_MAX members, else each to the first)
 * and a tag on each public member; races become tags on their public characters. A group without a character
 * among its members is reported.
 */
import type { KankaContext } from './kanka.context.js';
import { type ConnectableMapped, type Mapped, idOf, isCharacters, nonEmpty, secretIf } from './kanka.model.js';

const MEMBER_PAIRS_MAX = 12;

/** A character of a group, with its role and whether the membership is private. */
interface GroupMember {
  member: ConnectableMapped;
  role: string | null;
  hidden: boolean;
}

/** The members of every group by `module:model id`, from both sides (a character's lines and a group's). */
function membersOfGroups(context: KankaContext): Map<string, { group: Mapped; members: Map<string, GroupMember> }> {
  const groups = new Map<string, { group: Mapped; members: Map<string, GroupMember> }>();
  const join = (groupMapped: Mapped | undefined, memberMapped: Mapped | undefined, role: string | null | undefined, hidden: boolean) => {
    if (!groupMapped || !isCharacters(memberMapped)) return;
    const key = `${groupMapped.module}:${groupMapped.file.record.id}`;
    const entry = groups.get(key) ?? { group: groupMapped, members: new Map<string, GroupMember>() };
    groups.set(key, entry);
    const existing = entry.members.get(memberMapped.id);
    entry.members.set(memberMapped.id, {
      member: memberMapped,
      role: nonEmpty(role) ?? existing?.role ?? null,
      hidden: hidden && (existing?.hidden ?? true),
    });
  };
  for (const mapped of context.byEntity.values()) {
    const record = mapped.file.record;
    if (mapped.module === 'characters') {
      for (const line of record.characterFamilies) join(context.byModel('families', line.family_id), mapped, null, line.is_private);
      for (const line of record.organisationMemberships)
        join(context.byModel('organisations', line.organisation_id), mapped, line.role, line.is_private);
      for (const line of record.characterRaces) {
        const race = context.byModel('races', line.race_id);
        if (race?.visibility === 'everyone' && mapped.visibility === 'everyone')
          context.addTag('character', idOf(mapped), race.name, mapped.file.path);
      }
    } else if (mapped.module === 'families' || mapped.module === 'organisations') {
      for (const line of [...record.members, ...record.pivotMembers])
        join(mapped, context.byModel('characters', line.character_id), line.role, line.is_private);
    }
  }
  return groups;
}

/** Maps every family and organisation into connections between its members and tags on them. */
export function mapGroups(context: KankaContext): void {
  const { report } = context;
  const groups = membersOfGroups(context);
  for (const mapped of context.of('families', 'organisations')) {
    const kind = mapped.module === 'families' ? 'family' : 'organisation';
    const file = mapped.file;
    const entry = groups.get(`${mapped.module}:${file.record.id}`);
    const members = [...(entry?.members.values() ?? [])];
    const groupText = context.entryOf(file);
    if (members.length === 0) {
      report.add(
        file.path,
        `the ${kind} ${mapped.name} has no character among its members; it was not kept (Loreforge has no ${kind === 'family' ? 'families' : 'organisations'} of their own)`,
      );
      continue;
    }
    if (groupText) report.add(file.path, `the ${kind}'s own text was kept in the description of the connections between its members`);
    if (file.record.entity.relationships.length > 0 || file.record.entity.entityAttributes.length > 0)
      report.add(file.path, `the ${kind}'s own attributes were not kept`);
    const { createdAt } = context.timestampsOf(file);
    const connectionType = kind === 'family' ? `family: ${mapped.name}` : `organisation: ${mapped.name}`;
    const described = (member: { member: Mapped; role: string | null }) =>
      member.role ? `${member.member.name} (${member.role})` : member.member.name;
    const pairs: Array<[GroupMember, GroupMember]> = [];
    if (members.length <= MEMBER_PAIRS_MAX) {
      members.forEach((first, index) => members.slice(index + 1).forEach((second) => pairs.push([first, second])));
    } else {
      report.add(
        file.path,
        `the ${kind} has ${members.length} members: each is connected to ${members[0]?.member.name ?? ''} rather than to every other member`,
      );
      const [head, ...rest] = members;
      if (head) rest.forEach((member) => pairs.push([head, member]));
    }
    for (const [first, second] of pairs) {
      const description = `Both in the ${kind} ${mapped.name}: ${described(first)} and ${described(second)}.${groupText ? `\n\n${groupText}` : ''}`;
      context.connect(
        first.member,
        second.member,
        connectionType,
        description,
        secretIf(
          mapped.visibility === 'editors',
          first.hidden,
          second.hidden,
          first.member.visibility === 'editors',
          second.member.visibility === 'editors',
        ),
        createdAt,
      );
    }
    // A tag shows on a member to every reader, so a secret group or membership is not tagged.
    for (const member of members) {
      if (mapped.visibility === 'everyone' && !member.hidden) context.addTag('character', member.member.id, mapped.name, file.path);
    }
  }
}
