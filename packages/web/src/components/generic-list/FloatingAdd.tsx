import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import { LIMITS } from '@loreforge/contract';
import { useOverlayParts } from '../overlays/useOverlayParts';
import './generic-list.css';

/** What the quick-create popover's content receives. */
export interface QuickCreateContext {
  /** Closes the popover (call after a successful create). */
  close: () => void;
}

/** Props of {@link FloatingAdd}. */
export interface FloatingAddProps {
  /** Singular, lower case: 'character'. Names the button ('Add character') and the popover. */
  entityName: string;
  /** The full create form; without a quick create the button goes there. */
  createPath?: string | undefined;
  /** The quick-create form shown in the popover. */
  renderQuickCreate?: ((context: QuickCreateContext) => ReactNode) | undefined;
  /** The popover title's heading level, by the page's outline (default h3). */
  headingAs?: 'h2' | 'h3';
  /** Classes of the popover title (e.g. 'h6' to size an h2 down). */
  headingClassName?: string;
}

/**
 * The floating add button of a list (SPEC §1, §2 "Generic list"): opens the quick-create popover (at least 400 px
 * wide, SPEC §9) with a link to the full form, or goes to the full form when there is no quick create.
 */
export function FloatingAdd({ entityName, createPath, renderQuickCreate, headingAs = 'h3', headingClassName }: FloatingAddProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverId = useId();
  const navigate = useNavigate();
  const close = () => setOpen(false);
  const { parts, load } = useOverlayParts();

  const handleAdd = () => {
    if (renderQuickCreate) {
      load();
      setOpen((shown) => !shown);
    } else if (createPath) void navigate(createPath);
  };

  return (
    <>
      <Button
        ref={buttonRef}
        className="lf-fab rounded-circle shadow"
        variant="primary"
        aria-label={`Add ${entityName}`}
        aria-expanded={renderQuickCreate ? open : undefined}
        aria-controls={renderQuickCreate && open ? popoverId : undefined}
        onPointerEnter={renderQuickCreate ? load : undefined}
        onFocus={renderQuickCreate ? load : undefined}
        onClick={handleAdd}
      >
        <span aria-hidden="true">+</span>
      </Button>
      {renderQuickCreate && parts && (
        <parts.Overlay target={buttonRef} show={open} placement="top-end" flip rootClose onHide={close}>
          <parts.Popover id={popoverId} className="lf-quick-create" style={{ minWidth: LIMITS.quickCreateMinWidthPx }}>
            <parts.Popover.Header as={headingAs} className={headingClassName}>
              Quick create {entityName}
            </parts.Popover.Header>
            <parts.Popover.Body>
              {renderQuickCreate({ close })}
              {createPath && (
                <div className="mt-2 small">
                  <Link to={createPath}>Open the full form</Link>
                </div>
              )}
            </parts.Popover.Body>
          </parts.Popover>
        </parts.Overlay>
      )}
    </>
  );
}
