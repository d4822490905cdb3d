import { useParams } from 'react-router';
import { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';

/**
 * The rich text input of a form inside a world: the editor, with `@` suggestions from the world of the page's
 * address (outside a world, mentions find nothing).
 */
export function RichTextField(props: Omit<RichTextEditorProps, 'worldId'>) {
  const { worldId } = useParams();
  return <RichTextEditor {...props} worldId={worldId} />;
}
