/**
 * The overlay components that position themselves with Popper (React Bootstrap's Dropdown, Overlay,
 * OverlayTrigger and Popover), in a chunk of their own: no first screen waits for Popper's code, and
 * `useOverlayParts` loads it when someone reaches for a control that needs it.
 */
export { default as Dropdown } from 'react-bootstrap/Dropdown';
export { default as Overlay } from 'react-bootstrap/Overlay';
export { default as OverlayTrigger } from 'react-bootstrap/OverlayTrigger';
export { default as Popover } from 'react-bootstrap/Popover';
