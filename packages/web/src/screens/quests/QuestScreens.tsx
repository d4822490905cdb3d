/** Route module of the quests (SPEC §2 "Protected routes: Quests", §3 Quest, §5 Quest). */
export { QuestListScreen } from './QuestListScreen';
export { QuestFormScreen } from './QuestFormScreen';
export { QuestDetailScreen } from './QuestDetailScreen';
