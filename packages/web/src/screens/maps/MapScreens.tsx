/** Route module of the map form (SPEC §2 "Under a world: Maps", §5 Map); the list and a map's page have their own. */
export { MapFormScreen } from './MapFormScreen';
