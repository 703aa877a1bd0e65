/**
 * Which components React drew, read the way React DevTools reads it, for tests that a change draws again only
 * what it changed. React DOM tells a DevTools hook of every commit when one is installed before it loads
 * (test/setup-dom.ts imports this module before anything that imports React DOM); a committed tree then shows
 * which function components ran and which React skipped (a memo whose props had not changed, and all below it).
 */

/** The few fields of React's fibers read here: what React DevTools reads to say "this component rendered". */
interface Fiber {
  tag: number;
  type: unknown;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
  memoizedProps: Record<string, unknown>;
}

export interface RenderedComponent {
  name: string;
  props: Record<string, unknown>;
}

// React's work tags and flags (react-reconciler's ReactWorkTags and ReactFiberFlags).
const FUNCTION_COMPONENT = 0;
const FORWARD_REF = 11;
/** `memo(Component)` without a comparison: the fiber's type is the component itself. */
const SIMPLE_MEMO_COMPONENT = 15;
const PERFORMED_WORK = 1;

function nameOf(fiber: Fiber): string | null {
  const type = fiber.type as { displayName?: string; name?: string; render?: { name?: string } } | null;
  if (fiber.tag === FUNCTION_COMPONENT || fiber.tag === SIMPLE_MEMO_COMPONENT)
    return type?.displayName ?? type?.name ?? null;
  if (fiber.tag === FORWARD_REF) return type?.displayName ?? type?.render?.name ?? null;
  return null;
}

/** The function components drawn in the commit whose tree `fiber` heads. */
function collect(fiber: Fiber, into: RenderedComponent[]): void {
  // Children that are the very fibers of the tree before were skipped whole in this commit.
  if (fiber.alternate && fiber.alternate.child === fiber.child) return;
  for (let child = fiber.child; child; child = child.sibling) {
    const name = nameOf(child);
    const drawn = child.alternate === null || (child.flags & PERFORMED_WORK) !== 0;
    if (name && drawn) into.push({ name, props: child.memoizedProps });
    collect(child, into);
  }
}

interface CommitHook {
  supportsFiber: true;
  /** Where the commits are recorded, while a test records them. */
  recording: RenderedComponent[] | null;
  inject(): number;
  checkDCE(): void;
  onScheduleFiberRoot(): void;
  onCommitFiberUnmount(): void;
  onPostCommitFiberRoot(): void;
  onCommitFiberRoot(rendererId: number, root: { current: Fiber }): void;
}

const installed = globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: CommitHook };
installed.__REACT_DEVTOOLS_GLOBAL_HOOK__ ??= {
  supportsFiber: true,
  recording: null,
  inject: () => 1,
  checkDCE: () => {},
  onScheduleFiberRoot: () => {},
  onCommitFiberUnmount: () => {},
  onPostCommitFiberRoot: () => {},
  onCommitFiberRoot(_rendererId, root) {
    if (this.recording) collect(root.current, this.recording);
  },
};

/** Every function component React drew while `action` ran, once per commit it was drawn in, with its props. */
export async function componentsDrawnDuring(action: () => Promise<void>): Promise<RenderedComponent[]> {
  const hook = installed.__REACT_DEVTOOLS_GLOBAL_HOOK__;
  if (!hook) throw new Error('React DevTools hook not installed');
  const drawn: RenderedComponent[] = [];
  hook.recording = drawn;
  try {
    await action();
  } finally {
    hook.recording = null;
  }
  return drawn;
}

/** What each drawn component called `name` was drawing (`of` its props), once per component, not per commit. */
export function drawnOf(
  components: RenderedComponent[],
  name: string,
  of: (props: Record<string, unknown>) => unknown,
): unknown[] {
  return [
    ...new Set(components.filter((component) => component.name === name).map(({ props }) => of(props))),
  ];
}
