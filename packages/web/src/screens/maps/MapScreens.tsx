/** Route module of the maps (SPEC §2 "Under a world: Maps", §5 Map; Leaflet over the uploaded image). */
export { MapsTab } from './MapsTab';
export { MapFormScreen } from './MapFormScreen';
export { MapScreen } from './MapScreen';
