/** Route module of the quest form (SPEC §2 "Protected routes: Quests", §5 Quest); the list and a quest's page have their own. */
export { QuestFormScreen } from './QuestFormScreen';
