import { Link } from 'react-router';

/** Props of {@link MissingSubpage}. */
export interface MissingSubpageProps {
  /** Where the way back leads, e.g. the character's inventory. */
  backTo: string;
  /** The link's words, e.g. 'Back to the inventory'. */
  backLabel: string;
}

/**
 * What a tab's nested routes show for an address they do not know (e.g. an inventory entry's bare id, which
 * has only an edit page), so a mistyped or shortened link never leaves the tab blank.
 */
export function MissingSubpage({ backTo, backLabel }: MissingSubpageProps) {
  return (
    <p className="mb-0">
      There is no page at this address. <Link to={backTo}>{backLabel}</Link>
    </p>
  );
}
