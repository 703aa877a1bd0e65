/**
 * What a function keeps between invocations (SDK clients, a cached secret) lives as long as its container. In
 * Lambda every function has containers of its own, so that is simply this process. A host that runs several
 * functions in one process (the local cloud's API Gateway emulator) says which function is being invoked, so
 * that each keeps state of its own and none is handed what another one fetched under its own permissions.
 */

/** The token whose identity keys a container's state: compared by reference, never read. */
export type Container = object;

const thisProcess: Container = {};
let invokedContainer: () => Container | undefined = () => undefined;

/** The container of the function being invoked: this process unless a host says otherwise. */
export function currentContainer(): Container {
  return invokedContainer() ?? thisProcess;
}

/** For a host running several functions in one process: tells which container the current invocation is in. */
export function setContainerSource(source: () => Container | undefined): void {
  invokedContainer = source;
}
