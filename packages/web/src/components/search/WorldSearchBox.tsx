import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { CommandPalette } from './CommandPalette';

/**
 * The navbar's search inside a world: a box that opens the command palette, which Ctrl-K (Cmd-K on a Mac) opens
 * from anywhere on the world's pages too.
 * @param worldId the world the person is in.
 */
export function WorldSearchBox({ worldId }: { worldId: string }) {
  const [show, setShow] = useState(false);
  useEffect(() => {
    const handleKeyDown = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setShow(true);
      }
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
  return (
    <>
      <Button
        variant="outline-light"
        size="sm"
        className="d-flex align-items-center gap-2 me-md-3 my-2 my-md-0 lf-search-box"
        onClick={() => setShow(true)}
        aria-keyshortcuts="Control+K"
      >
        <span>Search this world…</span>
        <kbd className="small">Ctrl K</kbd>
      </Button>
      <CommandPalette worldId={worldId} show={show} onHide={() => setShow(false)} />
    </>
  );
}
