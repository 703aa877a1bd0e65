import { useSaveLocaleFromMenu } from '../features/planner/api/use-profile';
import { SessionQueries } from './session-queries';

function SaveLocaleFromMenu() {
  useSaveLocaleFromMenu();
  return null;
}

/**
 * Her language on her profile while she is signed in, whatever page she is on (docs/rules.md#languages): a
 * language picked in any language menu (the planner's account, the footer of pricing or the blog) is saved there.
 * Its own chunk, loaded once she is signed in: the landing never pays for it.
 */
export default function ProfileLanguage() {
  return (
    <SessionQueries>
      <SaveLocaleFromMenu />
    </SessionQueries>
  );
}
