/**
 * The sandbox as the node's tests start it: strict, so only the spec's literal paths and body shapes are
 * answered and every alias (a second form the lenient sandbox also takes) is refused. A test of the node
 * therefore fails if the node sends anything but what the spec writes (docs/conformance.md).
 */
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';

export function startStrictSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	return startSandbox({ ...options, strict: true });
}
