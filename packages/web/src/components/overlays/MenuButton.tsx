import { type ReactNode, useEffect, useRef, useState } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import { prefetchOverlayParts, useOverlayParts } from './useOverlayParts';

/** One choice of a {@link MenuButton}'s menu. */
export interface MenuChoice {
  key: string;
  label: ReactNode;
  onSelect: () => void;
}

/** Props of {@link MenuButton}. */
export interface MenuButtonProps {
  /** The toggle's id (unique on the page). */
  id: string;
  /** The toggle's text. */
  label: ReactNode;
  variant: NonNullable<ButtonProps['variant']>;
  size?: 'sm' | undefined;
  disabled?: boolean;
  /** 'end' aligns the menu with the toggle's right edge. */
  align?: 'end';
  /** A heading above the choices. */
  header?: ReactNode;
  choices: MenuChoice[];
}

/**
 * A button with a dropdown menu of choices (React Bootstrap's Dropdown). Until the overlay components have loaded
 * (useOverlayParts) it is a button of the same look that starts loading them when the pointer enters it or it takes
 * focus; its click shows the menu once they are there, with the toggle focused, as a click on the loaded toggle
 * would. The button is swapped for the menu's toggle only after a click, so no click lands on a node being replaced.
 */
export function MenuButton({ id, label, variant, size, disabled = false, align, header, choices }: MenuButtonProps) {
  const { parts, load } = useOverlayParts();
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (parts && openOnLoad) toggleRef.current?.focus();
  }, [parts, openOnLoad]);

  if (!parts) {
    return (
      <Button
        id={id}
        variant={variant}
        {...(size ? { size } : {})}
        disabled={disabled}
        className="dropdown-toggle"
        aria-expanded={false}
        onPointerEnter={prefetchOverlayParts}
        onFocus={prefetchOverlayParts}
        onClick={() => {
          setOpenOnLoad(true);
          load();
        }}
      >
        {label}
      </Button>
    );
  }

  const { Dropdown } = parts;
  return (
    <Dropdown {...(align ? { align } : {})} defaultShow={openOnLoad}>
      <Dropdown.Toggle ref={toggleRef} id={id} variant={variant} {...(size ? { size } : {})} disabled={disabled}>
        {label}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {header !== undefined && <Dropdown.Header>{header}</Dropdown.Header>}
        {choices.map((choice) => (
          <Dropdown.Item key={choice.key} as="button" onClick={choice.onSelect}>
            {choice.label}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
