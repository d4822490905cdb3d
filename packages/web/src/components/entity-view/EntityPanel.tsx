import type { ReactNode } from 'react';

/** Props of {@link EntityPanel}. */
export interface EntityPanelProps {
  /** Heading of the panel (an h2 by default, since the page title is the entity above it). */
  title: ReactNode;
  /** Heading level: 1 for a page of its own, 2 inside an entity page. */
  level?: 1 | 2;
  /** Buttons or links shown at the right of the heading. */
  actions?: ReactNode;
  /** Draw the white panel around it: true for a page of its own, false inside an entity page's panel. */
  framed?: boolean;
  children: ReactNode;
}

/**
 * A heading with optional actions over an entity form or view, optionally framed in the white panel of the
 * world tabs, so every entity page reads the same (SPEC §2 screens under a world).
 */
export function EntityPanel({ title, level = 2, actions, framed = false, children }: EntityPanelProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={framed ? 'lf-panel' : undefined}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Heading className="h4 mb-0 me-auto text-break">{title}</Heading>
        {actions && <div className="d-flex flex-wrap align-items-center gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
