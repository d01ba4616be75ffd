/**
 * Reading the trigger's parameters on every notification without n8n's expression machinery when there is
 * nothing to evaluate. getNodeParameter hands every read to n8n's expression evaluator; parameters saved
 * without any expression (no `=…` value, no resource locator) mean the same read as they are stored.
 */
import type { INodeParameters, NodeParameterValueType } from 'n8n-workflow';

interface ParameterContext {
	getNode(): { parameters: INodeParameters };
	getNodeParameter(name: string, fallback: unknown): unknown;
}

/** Whether a parameter value holds anything n8n would evaluate: an `=` expression or a resource locator. */
export function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value !== null && typeof value === 'object') {
		if ((value as { __rl?: unknown }).__rl === true) return true;
		return Object.values(value).some(holdsExpression);
	}
	return false;
}

/** The parameter `name` as getNodeParameter would return it, read directly when the node holds no expression. */
export function nodeParameter<T extends NodeParameterValueType | object>(
	context: ParameterContext,
	name: string,
	fallback: T,
): T {
	const { parameters } = context.getNode();
	if (holdsExpression(parameters)) return context.getNodeParameter(name, fallback) as T;
	return (parameters[name] ?? fallback) as T;
}
